/*
 * uart.c: rings for the UART. 115200 baud from 16 MHz with U2X (UBRR 16,
 * 2.1% fast, what every Arduino bootloader and USB adapter lives with).
 */
#include "uart.h"

#include "clock.h"

#include <avr/interrupt.h>
#include <avr/io.h>

#define RX_SIZE 96 /* 8 ms of line: longer than a reader's poll */
#define TX_SIZE 128 /* a Query's Hello and a few frames sent again */
#define ZS_SIZE 8   /* delimiter stamps: frames waiting in rx */

static uint8_t rx[RX_SIZE];
static volatile uint8_t rx_head, rx_tail;
static uint8_t tx[TX_SIZE];
static volatile uint8_t tx_head, tx_tail;
static uint32_t zs[ZS_SIZE];
static volatile uint8_t zs_head, zs_tail;
volatile uint16_t uart_rx_errors;

void uart_init(void)
{
	UCSR0A = _BV(U2X0);
	UBRR0 = 16;
	UCSR0C = _BV(UCSZ01) | _BV(UCSZ00);
	UCSR0B = _BV(RXEN0) | _BV(TXEN0) | _BV(RXCIE0);
}

ISR(USART_RX_vect)
{
	uint8_t st = UCSR0A;
	uint8_t c = UDR0;
	uint8_t next = (uint8_t)((rx_head + 1) % RX_SIZE);
	if (st & _BV(FE0))
		uart_rx_errors++;
	if (next == rx_tail) {
		uart_rx_errors++;
		return;
	}
	if (c == 0) {
		uint8_t zn = (uint8_t)((zs_head + 1) % ZS_SIZE);
		if (zn == zs_tail) { /* no room for its stamp: lose the delimiter, the frame merges and is discarded */
			uart_rx_errors++;
			return;
		}
		zs[zs_head] = clock_us32();
		zs_head = zn;
	}
	rx[rx_head] = c;
	rx_head = next;
}

int16_t uart_getc(uint32_t *stamp)
{
	if (rx_tail == rx_head)
		return -1;
	uint8_t c = rx[rx_tail];
	rx_tail = (uint8_t)((rx_tail + 1) % RX_SIZE);
	if (c == 0) {
		*stamp = zs[zs_tail];
		zs_tail = (uint8_t)((zs_tail + 1) % ZS_SIZE);
	}
	return c;
}

ISR(USART_UDRE_vect)
{
	if (tx_tail == tx_head) {
		UCSR0B &= (uint8_t)~_BV(UDRIE0);
		return;
	}
	UDR0 = tx[tx_tail];
	tx_tail = (uint8_t)((tx_tail + 1) % TX_SIZE);
}

uint8_t uart_rx_empty(void) { return rx_tail == rx_head; }

uint8_t uart_free(void)
{
	uint8_t h = tx_head, t = tx_tail;
	return (uint8_t)(TX_SIZE - 1 - (uint8_t)((h + TX_SIZE - t) % TX_SIZE));
}

void uart_putc(uint8_t c)
{
	tx[tx_head] = c;
	tx_head = (uint8_t)((tx_head + 1) % TX_SIZE);
	UCSR0B |= _BV(UDRIE0);
}
