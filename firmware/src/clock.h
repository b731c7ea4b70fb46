/*
 * clock.h: the device's microsecond clock (Timer1 at 2 MHz extended by its
 * overflow count to 64 bits: it never goes back or wraps while powered)
 * and a 1 kHz tick (Timer0) that wakes the main loop.
 */
#ifndef CLOCK_H
#define CLOCK_H

#include <stdint.h>

void clock_init(void);
/* clock_us is the device time in µs; clock_us32 its low 32 bits, cheap
 * enough for an interrupt handler. Both may be called with interrupts on
 * or off. */
uint64_t clock_us(void);
uint32_t clock_us32(void);
/* clock_widen is the full time of a stamp taken as clock_us32 less than
 * 71 minutes before now. */
uint64_t clock_widen(uint64_t now, uint32_t stamp);

/* ms counts the 1 kHz ticks; ticks_pending those the main loop has not
 * handled yet. */
extern volatile uint32_t ms;
extern volatile uint8_t ticks_pending;
uint32_t clock_ms(void);
/* on_tick is the application's, called from the 1 kHz interrupt. */
void on_tick(void);

#endif
