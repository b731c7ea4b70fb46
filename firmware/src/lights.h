/*
 * lights.h: the seat lights, an APA102 strip (one pixel per LED channel)
 * on two pins, bit-banged. APA102, not WS2812: its clock is ours, so
 * writing the strip never turns interrupts off, and the UART and the
 * stamps of presses are never held up (a WS2812 needs 30 µs per pixel
 * with interrupts off, which delays a press's stamp and can overrun the
 * UART at 115200).
 */
#ifndef LIGHTS_H
#define LIGHTS_H

#include <stdint.h>

void lights_init(void);
/* lights_set sets channel ch (pattern 0 steady, 1 slow blink, 2 fast
 * blink, 3 double flash; dur ms, 0 for until the next setting); it
 * returns 0 if the strip has no such channel. */
uint8_t lights_set(uint8_t ch, uint8_t r, uint8_t g, uint8_t b, uint8_t pattern, uint16_t dur);
/* lights_tick runs once a ms: durations, blinking, the strip. */
void lights_tick(void);

#endif
