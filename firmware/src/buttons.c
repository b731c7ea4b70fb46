/*
 * buttons.c: one debouncer per channel (the same state machine as the
 * host's hw/buttons.Debouncer), fed raw levels with their times (µs, low
 * 32 bits; a press is confirmed long before they wrap).
 */
#include "buttons.h"

#include "board.h"
#include "clock.h"
#include "proto.h"

#include <avr/interrupt.h>
#include <avr/io.h>
#include <util/atomic.h>

#define MIN_PRESS_US 5000U
#define DEBOUNCE_US 20000U

#define DIRECT_MASK 0xFC /* PD2..PD7 */
#define PL PC0
#define CLK PC1
#define QH PC2

enum { RELEASED, PRESSING, HELD, RELEASING };

struct deb {
	uint8_t state;  /* low bits: the state; bit 7: the contact is closed */
	uint32_t first; /* the first edge of the transition under way */
	uint16_t last;  /* the latest edge, in 16 µs (it wraps after 1 s: a
	                 * transition is over in 20 ms, and ticked every ms) */
};

static struct deb debs[MAX_BUTTONS];
/* Channels in a transition (pressing, releasing): only they need ticks. */
static uint32_t busy;
/* The chain's levels as last read (bit: closed), by the interrupt. */
static volatile uint32_t chain_closed;

/* Edges the pin-change handler saw, in order. */
struct edge {
	uint8_t ch_closed; /* channel, bit 7: closed */
	uint32_t at;
};
static struct edge edges[16];
static volatile uint8_t e_head, e_tail;
static volatile uint8_t e_lost;
static uint8_t last_pind;

/* push records an edge of channel ch at at; interrupts are off. */
static void push(uint8_t ch, uint8_t closed, uint32_t at)
{
	uint8_t next = (e_head + 1) & 15;
	if (next == e_tail) {
		e_lost = 1;
		return;
	}
	edges[e_head].ch_closed = (uint8_t)(ch | (closed ? 0x80 : 0));
	edges[e_head].at = at;
	e_head = next;
}

ISR(PCINT2_vect)
{
	uint32_t now = clock_us32();
	uint8_t cur = PIND & DIRECT_MASK;
	uint8_t changed = cur ^ last_pind;
	last_pind = cur;
	for (uint8_t ch = 0; ch < DIRECT_BUTTONS; ch++) {
		uint8_t bit = (uint8_t)(1 << (ch + 2));
		if (changed & bit)
			push(ch, !(cur & bit), now);
	}
}

/* chain_read reads the chain's levels (bit: closed). */
static uint32_t chain_read(void)
{
	/* Load the inputs, then shift them out: QH shows the nearest chip's H
	 * first. */
	PORTC &= (uint8_t)~_BV(PL);
	PORTC |= _BV(PL);
	uint32_t levels = 0;
	for (uint8_t i = 0; i < 8 * cfg.chips; i++) {
		if (!(PINC & _BV(QH)))
			levels |= (uint32_t)1 << i;
		PORTC |= _BV(CLK);
		PORTC &= (uint8_t)~_BV(CLK);
	}
	return levels;
}

void buttons_sample(void)
{
	if (!cfg.chips)
		return;
	uint32_t now = clock_us32();
	uint32_t levels = chain_read();
	uint32_t changed = levels ^ chain_closed;
	chain_closed = levels;
	for (uint8_t i = 0; changed; i++, changed >>= 1)
		if (changed & 1)
			push((uint8_t)(DIRECT_BUTTONS + i), (levels >> i) & 1, now);
}

void buttons_init(void)
{
	DDRD &= (uint8_t)~DIRECT_MASK;
	PORTD |= DIRECT_MASK; /* pull-ups: a button closes to ground */
	last_pind = PIND & DIRECT_MASK;
	PCMSK2 = DIRECT_MASK;
	PCICR |= _BV(PCIE2);
	DDRC |= _BV(PL) | _BV(CLK);
	DDRC &= (uint8_t)~_BV(QH);
	PORTC |= _BV(PL); /* QH is driven by the chain: no pull-up */
	PORTC &= (uint8_t)~_BV(CLK);
	/* A button closed at boot is held, not pressed, on the chain as on
	 * the pins (last_pind): it has no first edge in this boot to stamp,
	 * and its press, if the board was reset while it was held, was the
	 * last boot's to report. Taken as a change from all-open, a button
	 * held through a reset was a second press of the new boot. */
	if (cfg.chips)
		chain_closed = chain_read();
}

/* quiet says the contact has not moved for us µs since its latest edge. */
static uint8_t quiet(const struct deb *d, uint32_t now, uint16_t us)
{
	return (uint16_t)((uint16_t)(now >> 4) - d->last) >= (us + 15) / 16;
}

/* tick lets time pass to now on channel ch, reporting what it confirms. */
static void tick(uint8_t ch, uint32_t now)
{
	struct deb *d = &debs[ch];
	uint8_t st = d->state & 3, closed = d->state & 0x80;
	switch (st) {
	case PRESSING:
		if (closed && quiet(d, now, MIN_PRESS_US)) {
			st = HELD;
			proto_button(ch, 1, clock_widen(clock_us(), d->first));
		} else if (!closed && quiet(d, now, DEBOUNCE_US)) {
			st = RELEASED; /* a spike */
		}
		break;
	case RELEASING:
		if (!closed && quiet(d, now, DEBOUNCE_US)) {
			st = RELEASED;
			proto_button(ch, 0, clock_widen(clock_us(), d->first));
		} else if (closed && quiet(d, now, DEBOUNCE_US)) {
			st = HELD; /* a bounce while held */
		}
		break;
	}
	d->state = (uint8_t)(closed | st);
	if (st == PRESSING || st == RELEASING)
		busy |= (uint32_t)1 << ch;
	else
		busy &= ~((uint32_t)1 << ch);
}

/* raw feeds the level of channel ch seen at at. */
static void raw(uint8_t ch, uint8_t closed, uint32_t at)
{
	struct deb *d = &debs[ch];
	tick(ch, at);
	closed = closed ? 0x80 : 0;
	if (closed == (d->state & 0x80))
		return;
	uint8_t st = d->state & 3;
	d->last = (uint16_t)(at >> 4);
	if (st == RELEASED && closed)
		st = PRESSING, d->first = at;
	else if (st == HELD && !closed)
		st = RELEASING, d->first = at;
	d->state = (uint8_t)(closed | st);
	if (st == PRESSING || st == RELEASING)
		busy |= (uint32_t)1 << ch;
}

uint8_t buttons_idle(void) { return e_tail == e_head && !e_lost; }

void buttons_edges(void)
{
	while (e_tail != e_head) {
		struct edge e = edges[e_tail];
		e_tail = (e_tail + 1) & 15;
		raw(e.ch_closed & 0x7F, e.ch_closed & 0x80, e.at);
	}
	if (e_lost) {
		/* Edges were lost: take the levels now. */
		uint32_t now, chain;
		uint8_t cur;
		ATOMIC_BLOCK(ATOMIC_RESTORESTATE)
		{
			e_lost = 0;
			now = clock_us32();
			cur = PIND;
			chain = chain_closed;
		}
		for (uint8_t ch = 0; ch < DIRECT_BUTTONS; ch++)
			raw(ch, !(cur & (1 << (ch + 2))), now);
		for (uint8_t i = 0; i < 8 * cfg.chips; i++)
			raw((uint8_t)(DIRECT_BUTTONS + i), (chain >> i) & 1, now);
	}
}

void buttons_tick(void)
{
	uint32_t now = clock_us32();
	for (uint8_t ch = 0; busy >> ch; ch++)
		if ((busy >> ch) & 1)
			tick(ch, now);
}
