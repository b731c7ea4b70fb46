/*
 * harness.h: the seat controller's firmware run cycle-accurately in
 * simavr, paced to the wall clock, with the parts around it emulated:
 * buttons that bounce, a 74HC165 chain, MFRC522 readers with tags, an
 * APA102 strip whose every change is recorded. parts.c has the parts,
 * control.c the TCP control port, main.c the simulation loop and the pty.
 */
#ifndef HARNESS_H
#define HARNESS_H

#include <sim_avr.h>
#include <sim_time.h>
#include <stddef.h>
#include <stdint.h>

#define DIRECT_BUTTONS 6
#define MAX_CHANNELS 64
#define MAX_READERS 4
#define NUM_LIGHTS 16
#define LIGHT_HISTORY 16

/* mono_us is CLOCK_MONOTONIC in µs: the host's clock. */
uint64_t mono_us(void);

/* A recorded light change: when (mono µs) and to what colour. */
struct light_change {
	uint64_t at;
	uint32_t rgb;
};

struct light {
	uint32_t rgb; /* what it shows now */
	uint8_t n;    /* changes recorded, the latest LIGHT_HISTORY kept */
	struct light_change hist[LIGHT_HISTORY];
};

struct tag {
	uint8_t present;
	uint8_t uid[7];
	uint8_t uidlen;
	uint8_t state; /* ISO 14443-3: idle, ready (cascade level), active, halt */
	uint8_t level;
	/* The simulated cycle at which it leaves the field (0: it stays): a
	 * tag lies its time on the reader in the firmware's time, as a press
	 * is held, however far a loaded host lets the simulation fall behind
	 * the wall clock. */
	avr_cycle_count_t gone_at;
};

/* parts.c */
void parts_init(avr_t *avr, int chips);
/* parts_reset restores the levels the parts drive after the AVR's I/O
 * registers were cleared by a reset. */
void parts_reset(avr_t *avr);
/* button drives channel ch closed or open now. */
void button(avr_t *avr, int ch, int closed);
/* press starts a press of ch held hold_ms, bouncing if bounce: the first
 * edge now, the rest from the pacing timer. */
void press(avr_t *avr, int ch, int hold_ms, int bounce);
/* parts_timer runs from the pacing timer: scheduled edges, tags leaving. */
void parts_timer(avr_t *avr);
void place_tag(avr_t *avr, int reader, const uint8_t *uid, int n, int gone_ms);
extern struct light lights[NUM_LIGHTS];
extern int chain_chips;

/* control.c: serve starts the control port's thread; a command line is
 * handed to the simulation thread, which answers it (one JSON object). */
int control_listen(const char *hostport);
/* The simulation thread's side: take a pending line, answer it. */
int control_take(char *line, size_t n);
void control_answer(const char *json);
/* control_fd is readable when a line waits; control_drain empties it. */
int control_fd(void);
void control_drain(void);

#endif
