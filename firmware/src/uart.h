/*
 * uart.h: the host's UART, 115200 8N1, interrupt-driven receive and
 * transmit rings. The receive handler stamps every frame delimiter (0x00)
 * as it arrives: a Pong carries the time its Ping's last byte came.
 */
#ifndef UART_H
#define UART_H

#include <stdint.h>

void uart_init(void);
/* uart_getc takes the next received byte; it returns -1 if none. A 0x00
 * comes with its arrival stamp in *stamp (µs, low 32 bits). */
int16_t uart_getc(uint32_t *stamp);
/* uart_rx_empty says no received byte waits. */
uint8_t uart_rx_empty(void);
/* uart_free is how many bytes the transmit ring can take now. */
uint8_t uart_free(void);
/* uart_putc queues a byte; the caller checked uart_free. */
void uart_putc(uint8_t c);
/* uart_rx_errors counts bytes lost to a full ring or a framing error. */
extern volatile uint16_t uart_rx_errors;

#endif
