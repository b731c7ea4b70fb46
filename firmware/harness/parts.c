/*
 * parts.c: what the firmware's pins are wired to, as the firmware sees it
 * through simavr's I/O port and SPI IRQs.
 */
#include "harness.h"

#include <avr_ioport.h>
#include <avr_spi.h>
#include <string.h>

/* Data-space addresses of the ATmega328P's port registers. */
#define PINB 0x23
#define PORTB 0x25
#define PINC 0x26
#define PORTC 0x28
#define PIND 0x29

struct light lights[NUM_LIGHTS];
int chain_chips;

static uint8_t closed[MAX_CHANNELS];

/* Edges scheduled by presses, applied by the pacing timer. */
struct edge {
	avr_cycle_count_t at;
	uint8_t ch, closed;
};
static struct edge edges[256];
static int nedges;

static avr_irq_t *pin_irq(avr_t *avr, char port, int pin)
{
	return avr_io_getirq(avr, AVR_IOCTL_IOPORT_GETIRQ(port), pin);
}

void button(avr_t *avr, int ch, int c)
{
	if (ch < 0 || ch >= MAX_CHANNELS)
		return;
	closed[ch] = (uint8_t)c;
	if (ch < DIRECT_BUTTONS)
		avr_raise_irq(pin_irq(avr, 'D', ch + 2), !c);
}

static void schedule(avr_t *avr, int ch, int c, uint64_t after_us)
{
	if (nedges == (int)(sizeof edges / sizeof edges[0]))
		return;
	edges[nedges].at = avr->cycle + avr_usec_to_cycles(avr, after_us);
	edges[nedges].ch = (uint8_t)ch;
	edges[nedges].closed = (uint8_t)c;
	nedges++;
}

void press(avr_t *avr, int ch, int hold_ms, int bounce)
{
	button(avr, ch, 1);
	uint64_t hold = (uint64_t)hold_ms * 1000;
	if (bounce) {
		/* A tact switch's contact: it chatters for 1.5 ms on closing and
		 * 0.9 ms on opening. */
		static const uint32_t on[] = {300, 700, 1200, 1500};
		for (int i = 0; i < 4; i++)
			schedule(avr, ch, i & 1, on[i]);
		schedule(avr, ch, 0, hold);
		schedule(avr, ch, 1, hold + 400);
		schedule(avr, ch, 0, hold + 900);
	} else {
		schedule(avr, ch, 0, hold);
	}
}

/* ---- 74HC165 chain: SH/LD on PC0, CLK on PC1, QH of the nearest chip on PC2. */

static uint8_t chain[MAX_CHANNELS];
static int chain_pos;
static uint8_t pl_level = 1, clk_level;

static void drive_qh(avr_t *avr)
{
	/* Past the chain, the far chip's serial input is tied high. */
	int v = chain_pos < chain_chips * 8 ? !chain[chain_pos] : 1;
	avr_raise_irq(pin_irq(avr, 'C', 2), v);
}

static void on_pl(avr_irq_t *irq, uint32_t value, void *param)
{
	(void)irq;
	avr_t *avr = param;
	value &= 1;
	if (!value && pl_level) {
		/* Parallel load: the chain takes the inputs; QH shows the first. */
		memcpy(chain, closed + DIRECT_BUTTONS, sizeof chain - DIRECT_BUTTONS);
		chain_pos = 0;
		drive_qh(avr);
	}
	pl_level = (uint8_t)value;
}

static void on_clk(avr_irq_t *irq, uint32_t value, void *param)
{
	(void)irq;
	avr_t *avr = param;
	value &= 1;
	if (value && !clk_level && pl_level) {
		chain_pos++;
		drive_qh(avr);
	}
	clk_level = (uint8_t)value;
}

/* ---- APA102 strip: DI on PC4, CI on PC5; data sampled on CI's rising edge. */

static uint32_t word;
static int bits, zeros, in_frame, pixel;
static uint8_t ci_level;

static void record(int ch, uint32_t rgb)
{
	struct light *l = &lights[ch];
	if (l->rgb == rgb && l->n)
		return;
	l->rgb = rgb;
	struct light_change *c = &l->hist[l->n % LIGHT_HISTORY];
	c->at = mono_us();
	c->rgb = rgb;
	l->n++;
}

static void on_ci(avr_irq_t *irq, uint32_t value, void *param)
{
	(void)irq;
	avr_t *avr = param;
	value &= 1;
	if (value && !ci_level) {
		int bit = (avr->data[PORTC] >> 4) & 1;
		if (!in_frame) {
			zeros = bit ? 0 : zeros + 1;
			if (zeros == 32)
				in_frame = 1, pixel = 0, bits = 0;
		} else {
			word = word << 1 | (uint32_t)bit;
			if (++bits == 32) {
				bits = 0;
				if (word == 0) {
					pixel = 0;
				} else if ((word >> 29) == 7 && pixel < NUM_LIGHTS) {
					uint32_t b = (word >> 16) & 0xFF, g = (word >> 8) & 0xFF, r = word & 0xFF;
					record(pixel++, r << 16 | g << 8 | b);
					if (pixel == NUM_LIGHTS)
						in_frame = 0, zeros = 0; /* the end frame follows */
				} else {
					in_frame = 0, zeros = 0; /* the end frame */
				}
			}
		}
	}
	ci_level = (uint8_t)value;
}

/* ---- MFRC522 readers on SPI; chip selects PB2, PB1, PB0, PC3. */

enum { T_IDLE, T_READY, T_ACTIVE, T_HALT };

struct rc522 {
	uint8_t regs[64];
	uint8_t fifo[64];
	int nfifo;
	int cs;      /* selected (chip select low) */
	int index;   /* byte of the transaction */
	int reading; /* the transaction reads registers */
	uint8_t addr;
	struct tag tag;
};

static struct rc522 rcs[MAX_READERS];

static void rc_reset(struct rc522 *r)
{
	memset(r->regs, 0, sizeof r->regs);
	r->regs[0x37] = 0x92; /* VersionReg: MFRC522 v2.0 */
	r->regs[0x14] = 0x80; /* TxControlReg: antenna off */
	r->nfifo = 0;
}

static uint16_t crc_a(const uint8_t *p, int n)
{
	uint16_t crc = 0x6363;
	while (n--) {
		crc ^= *p++;
		for (int i = 0; i < 8; i++)
			crc = (crc & 1) ? (uint16_t)((crc >> 1) ^ 0x8408) : (uint16_t)(crc >> 1);
	}
	return crc;
}

/* cascade fills the 4 UID bytes tag t gives at cascade level lvl. */
static void cascade(const struct tag *t, int lvl, uint8_t *out)
{
	if (t->uidlen == 4)
		memcpy(out, t->uid, 4);
	else if (lvl == 0)
		out[0] = 0x88, memcpy(out + 1, t->uid, 3);
	else
		memcpy(out, t->uid + 3, 4);
}

/* picc answers a frame the reader sent (n bytes, the last of bits bits,
 * 0 for 8) the way an ISO 14443-3 type A tag does; it returns the
 * answer's length, 0 for none. */
static int picc(struct tag *t, const uint8_t *in, int n, int bits, uint8_t *out)
{
	if (!t->present)
		return 0;
	int levels = t->uidlen == 4 ? 1 : 2;
	if (n == 1 && bits == 7 && (in[0] == 0x26 || in[0] == 0x52)) {
		int wupa = in[0] == 0x52;
		if (t->state == T_IDLE || (wupa && t->state == T_HALT)) {
			t->state = T_READY, t->level = 0;
			out[0] = t->uidlen == 4 ? 0x04 : 0x44;
			out[1] = 0x00;
			return 2;
		}
		if (t->state != T_HALT)
			t->state = T_IDLE;
		return 0;
	}
	if (t->state == T_READY && n >= 2 && bits == 0 && in[0] == 0x93 + 2 * t->level) {
		uint8_t cl[4];
		cascade(t, t->level, cl);
		uint8_t bcc = cl[0] ^ cl[1] ^ cl[2] ^ cl[3];
		if (n == 2 && in[1] == 0x20) {
			memcpy(out, cl, 4);
			out[4] = bcc;
			return 5;
		}
		if (n == 9 && in[1] == 0x70 && !memcmp(in + 2, cl, 4) && in[6] == bcc &&
		    crc_a(in, 7) == (uint16_t)(in[7] | in[8] << 8)) {
			int more = t->level + 1 < levels;
			out[0] = more ? 0x04 : 0x08;
			uint16_t c = crc_a(out, 1);
			out[1] = (uint8_t)c, out[2] = (uint8_t)(c >> 8);
			if (more)
				t->level++;
			else
				t->state = T_ACTIVE;
			return 3;
		}
	}
	if (n == 4 && bits == 0 && in[0] == 0x50 && in[1] == 0 && crc_a(in, 2) == (uint16_t)(in[2] | in[3] << 8) &&
	    t->state == T_ACTIVE) {
		t->state = T_HALT;
		return 0;
	}
	if (t->state != T_HALT)
		t->state = T_IDLE; /* anything else out of turn: back to idle */
	return 0;
}

static void transceive(struct rc522 *r)
{
	uint8_t in[64], out[16];
	int n = r->nfifo;
	memcpy(in, r->fifo, (size_t)n);
	r->nfifo = 0;
	int got = 0;
	if ((r->regs[0x14] & 3) == 3) /* the antenna is on */
		got = picc(&r->tag, in, n, r->regs[0x0D] & 7, out);
	r->regs[0x06] = 0; /* ErrorReg */
	r->regs[0x0C] &= (uint8_t)~7;
	if (got) {
		memcpy(r->fifo, out, (size_t)got);
		r->nfifo = got;
		r->regs[0x04] |= 0x40 | 0x20 | 0x10; /* TxIRq, RxIRq, IdleIRq */
	} else {
		r->regs[0x04] |= 0x40 | 0x01; /* TxIRq, TimerIRq: no answer */
	}
}

static void rc_write(struct rc522 *r, uint8_t reg, uint8_t v)
{
	switch (reg) {
	case 0x01: /* CommandReg */
		r->regs[reg] = v & 0x3F;
		if ((v & 0x0F) == 0x0F) {
			rc_reset(r);
		} else if ((v & 0x0F) == 0x0C && (r->regs[0x0D] & 0x80)) {
			transceive(r);
		}
		return;
	case 0x04: /* ComIrqReg: bit 7 says set or clear the marked bits */
		if (v & 0x80)
			r->regs[reg] |= v & 0x7F;
		else
			r->regs[reg] &= (uint8_t)~v;
		return;
	case 0x09: /* FIFODataReg */
		if (r->nfifo < 64)
			r->fifo[r->nfifo++] = v;
		return;
	case 0x0A: /* FIFOLevelReg: FlushBuffer */
		if (v & 0x80)
			r->nfifo = 0;
		return;
	case 0x0D: /* BitFramingReg: StartSend */
		r->regs[reg] = v;
		if ((v & 0x80) && (r->regs[0x01] & 0x0F) == 0x0C)
			transceive(r);
		return;
	}
	r->regs[reg & 0x3F] = v;
}

static uint8_t rc_read(struct rc522 *r, uint8_t reg)
{
	switch (reg) {
	case 0x09:
		if (r->nfifo == 0)
			return 0;
		{
			uint8_t v = r->fifo[0];
			memmove(r->fifo, r->fifo + 1, (size_t)--r->nfifo);
			return v;
		}
	case 0x0A:
		return (uint8_t)r->nfifo;
	}
	return r->regs[reg & 0x3F];
}

static void on_cs(avr_irq_t *irq, uint32_t value, void *param)
{
	(void)irq;
	struct rc522 *r = param;
	int sel = !(value & 1);
	if (sel && !r->cs)
		r->index = 0;
	r->cs = sel;
}

static avr_irq_t *spi_in;

static void on_spi(avr_irq_t *irq, uint32_t value, void *param)
{
	(void)irq;
	(void)param;
	uint8_t b = (uint8_t)value, miso = 0;
	for (int i = 0; i < MAX_READERS; i++) {
		struct rc522 *r = &rcs[i];
		if (!r->cs)
			continue;
		if (r->index == 0) {
			r->reading = b & 0x80;
			r->addr = (b >> 1) & 0x3F;
		} else if (r->reading) {
			miso = rc_read(r, r->addr);
			r->addr = (b >> 1) & 0x3F;
		} else {
			rc_write(r, r->addr, b);
		}
		r->index++;
	}
	avr_raise_irq(spi_in, miso);
}

void place_tag(avr_t *avr, int reader, const uint8_t *uid, int n, int gone_ms)
{
	struct tag *t = &rcs[reader].tag;
	memcpy(t->uid, uid, (size_t)n);
	t->uidlen = (uint8_t)n;
	t->present = 1;
	t->state = T_IDLE;
	t->gone_at = gone_ms > 0 ? avr->cycle + avr_usec_to_cycles(avr, (uint64_t)gone_ms * 1000) : 0;
}

void parts_timer(avr_t *avr)
{
	for (int i = 0; i < nedges;) {
		if (edges[i].at <= avr->cycle) {
			button(avr, edges[i].ch, edges[i].closed);
			edges[i] = edges[--nedges];
		} else {
			i++;
		}
	}
	for (int i = 0; i < MAX_READERS; i++) {
		struct tag *t = &rcs[i].tag;
		if (t->present && t->gone_at && avr->cycle >= t->gone_at)
			t->present = 0, t->gone_at = 0;
	}
}

void parts_reset(avr_t *avr)
{
	/* The I/O registers read 0 after a reset: the pins the parts drive
	 * read as the parts drive them. */
	for (int ch = 0; ch < DIRECT_BUTTONS; ch++)
		if (!closed[ch])
			avr->data[PIND] |= (uint8_t)(1 << (ch + 2));
	avr->data[PINC] |= 1 << 2;
	pl_level = 1, clk_level = 0, ci_level = 0, in_frame = 0, zeros = 0;
	for (int i = 0; i < MAX_READERS; i++) {
		rc_reset(&rcs[i]);
		rcs[i].cs = 0;
		if (rcs[i].tag.present)
			rcs[i].tag.state = T_IDLE; /* the field went off */
	}
}

void parts_init(avr_t *avr, int chips)
{
	chain_chips = chips;
	for (int ch = 0; ch < DIRECT_BUTTONS; ch++)
		avr_raise_irq(pin_irq(avr, 'D', ch + 2), 1);
	avr_irq_register_notify(pin_irq(avr, 'C', 0), on_pl, avr);
	avr_irq_register_notify(pin_irq(avr, 'C', 1), on_clk, avr);
	avr_irq_register_notify(pin_irq(avr, 'C', 5), on_ci, avr);
	static const struct {
		char port;
		int pin;
	} cs[MAX_READERS] = {{'B', 2}, {'B', 1}, {'B', 0}, {'C', 3}};
	for (int i = 0; i < MAX_READERS; i++) {
		rc_reset(&rcs[i]);
		avr_irq_register_notify(pin_irq(avr, cs[i].port, cs[i].pin), on_cs, &rcs[i]);
	}
	spi_in = avr_io_getirq(avr, AVR_IOCTL_SPI_GETIRQ(0), SPI_IRQ_INPUT);
	avr_irq_register_notify(avr_io_getirq(avr, AVR_IOCTL_SPI_GETIRQ(0), SPI_IRQ_OUTPUT), on_spi, NULL);
	parts_reset(avr);
}
