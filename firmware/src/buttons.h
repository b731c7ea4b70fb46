/*
 * buttons.h: the call buttons, debounced on the device as
 * firmware-protocol.md asks: a press is stamped at its first edge and
 * confirmed once the contact has stayed closed 5 ms since its last bounce;
 * a contact open again for 20 ms before that was a spike, not a press; a
 * release is confirmed once open for 20 ms, stamped at its first opening
 * edge. Buttons 0..5 are pins with a pin-change interrupt (stamped to the
 * µs); buttons 6.. come through a 74HC165 chain read every ms in the
 * timer interrupt (stamped to the ms). A button closed when the board
 * starts is held, not pressed: neither its press nor its release is
 * reported (held through a reset, it was the last boot's press).
 */
#ifndef BUTTONS_H
#define BUTTONS_H

#include <stdint.h>

void buttons_init(void);
/* buttons_edges feeds the edges the interrupt recorded to the debouncers. */
void buttons_edges(void);
/* buttons_idle says no edge waits for buttons_edges. */
uint8_t buttons_idle(void);
/* buttons_sample reads the 74HC165 chain; the 1 kHz interrupt calls it. */
void buttons_sample(void);
/* buttons_tick runs once a ms: presses and releases confirmed. */
void buttons_tick(void);

#endif
