/*
 * clock.c: Timer1 counts at F_CPU/8 = 2 MHz (0.5 µs) and overflows every
 * 32.768 ms; the overflow handler counts the overflows. A reader that
 * finds the overflow flag set with the counter low has read the counter
 * after the wrap but before the handler ran, and counts it itself.
 */
#include "clock.h"

#include <avr/interrupt.h>
#include <avr/io.h>
#include <util/atomic.h>

static volatile uint32_t t1_overflows;
volatile uint32_t ms;
volatile uint8_t ticks_pending;

ISR(TIMER1_OVF_vect) { t1_overflows++; }

ISR(TIMER0_COMPA_vect)
{
	on_tick();
	ms++;
	if (ticks_pending < 255)
		ticks_pending++;
}

void clock_init(void)
{
	TCCR1A = 0;
	TCCR1B = _BV(CS11); /* clk/8 */
	TIMSK1 = _BV(TOIE1);
	TCCR0A = _BV(WGM01); /* CTC */
	OCR0A = 249;         /* 16 MHz / 64 / 250 = 1 kHz */
	TCCR0B = _BV(CS01) | _BV(CS00);
	TIMSK0 = _BV(OCIE0A);
}

/* sample reads the counter and the overflow count together. */
static void sample(uint32_t *ovf, uint16_t *t)
{
	ATOMIC_BLOCK(ATOMIC_RESTORESTATE)
	{
		*t = TCNT1;
		*ovf = t1_overflows;
		if ((TIFR1 & _BV(TOV1)) && *t < 0x8000)
			(*ovf)++;
	}
}

uint64_t clock_us(void)
{
	uint32_t o;
	uint16_t t;
	sample(&o, &t);
	return ((uint64_t)o << 15) + (t >> 1);
}

uint32_t clock_us32(void)
{
	uint32_t o;
	uint16_t t;
	sample(&o, &t);
	return (o << 15) + (t >> 1);
}

uint64_t clock_widen(uint64_t now, uint32_t stamp)
{
	return now - (uint32_t)((uint32_t)now - stamp);
}

uint32_t clock_ms(void)
{
	uint32_t m;
	ATOMIC_BLOCK(ATOMIC_RESTORESTATE) { m = ms; }
	return m;
}
