/*
 * lights.c: each channel's colour, pattern and time left; the strip is
 * written when what it shows changes.
 */
#include "lights.h"

#include "board.h"

#include <avr/io.h>

#define DI PC4
#define CI PC5

struct light {
	uint8_t r, g, b, pattern;
	uint16_t phase; /* ms into the blink's second, from the setting */
	uint16_t left;  /* ms until it goes off; 0: until the next setting */
};

static struct light lights[NUM_LIGHTS];
static uint16_t shown; /* bit ch: channel ch is lit now */
static uint8_t dirty;

void lights_init(void)
{
	DDRC |= _BV(DI) | _BV(CI);
	PORTC &= (uint8_t)~(_BV(DI) | _BV(CI));
	dirty = 1;
}

uint8_t lights_set(uint8_t ch, uint8_t r, uint8_t g, uint8_t b, uint8_t pattern, uint16_t dur)
{
	if (ch >= NUM_LIGHTS)
		return 0;
	struct light *l = &lights[ch];
	l->r = r;
	l->g = g;
	l->b = b;
	l->pattern = pattern;
	l->phase = 0;
	l->left = dur;
	dirty = 1;
	return 1;
}

/* lit says whether a light of pattern is on at phase ms into its second. */
static uint8_t lit(uint8_t pattern, uint16_t phase)
{
	switch (pattern) {
	case 1:
		return phase < 500;
	case 2:
		return phase % 250 < 125;
	case 3:
		return phase < 100 || (phase >= 200 && phase < 300);
	}
	return 1;
}

static void byte(uint8_t v)
{
	for (uint8_t i = 0; i < 8; i++, v <<= 1) {
		if (v & 0x80)
			PORTC |= _BV(DI);
		else
			PORTC &= (uint8_t)~_BV(DI);
		PORTC |= _BV(CI);
		PORTC &= (uint8_t)~_BV(CI);
	}
}

static void write_strip(void)
{
	for (uint8_t i = 0; i < 4; i++)
		byte(0);
	for (uint8_t ch = 0; ch < NUM_LIGHTS; ch++) {
		struct light *l = &lights[ch];
		uint8_t on = (shown >> ch) & 1;
		byte(0xE0 | 31);
		byte(on ? l->b : 0);
		byte(on ? l->g : 0);
		byte(on ? l->r : 0);
	}
	/* The end frame: a clock edge for every two pixels pushes the data
	 * through the last ones. */
	for (uint8_t i = 0; i < (NUM_LIGHTS + 15) / 16; i++)
		byte(0xFF);
}

void lights_tick(void)
{
	uint16_t now = 0;
	for (uint8_t ch = 0; ch < NUM_LIGHTS; ch++) {
		struct light *l = &lights[ch];
		if (l->left && --l->left == 0)
			l->r = l->g = l->b = 0, l->pattern = 0;
		if (!(l->r | l->g | l->b))
			continue; /* dark: nothing to blink */
		uint8_t on = lit(l->pattern, l->phase);
		if (++l->phase == 1000)
			l->phase = 0;
		now |= (uint16_t)on << ch;
	}
	if (now != shown || dirty) {
		shown = now;
		dirty = 0;
		write_strip();
	}
}
