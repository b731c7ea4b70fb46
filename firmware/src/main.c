/*
 * main.c: the seat and tile-reader controller of tabled, protocol 1 of
 * firmware-protocol.md on an ATmega328P at 16 MHz. The main loop handles
 * what came from the host, the 1 kHz tick's work (buttons, readers,
 * lights, retransmissions, heartbeats) and what is due on the wire, and
 * sleeps (idle) until an interrupt. It feeds a 250 ms watchdog: a loop
 * that hangs resets the board, which then starts a new boot.
 */
#include "board.h"
#include "buttons.h"
#include "clock.h"
#include "lights.h"
#include "proto.h"
#include "readers.h"
#include "uart.h"

#include <avr/eeprom.h>
#include <avr/interrupt.h>
#include <avr/io.h>
#include <avr/pgmspace.h>
#include <avr/sleep.h>
#include <avr/wdt.h>

struct config cfg;

/* The reset's cause, saved before the watchdog is turned off: after a
 * watchdog reset it stays on at 16 ms and would reset the board again
 * before main. */
static uint8_t reset_cause __attribute__((section(".noinit")));

void early(void) __attribute__((naked, used, section(".init3")));
void early(void)
{
	reset_cause = MCUSR;
	MCUSR = 0;
	wdt_disable();
}

/* Every ms, whatever the main loop is doing (a reader's poll blocks it
 * for a few ms): the 74HC165 chain's buttons are stamped to the ms. */
void on_tick(void) { buttons_sample(); }

static void load_config(void)
{
	uint32_t id = eeprom_read_dword((const uint32_t *)EE_DEVICE_ID);
	cfg.device_id = id == 0xFFFFFFFF ? 0 : id;
	uint8_t v = eeprom_read_byte((const uint8_t *)EE_CHIPS);
	cfg.chips = v == 0xFF ? DEFAULT_CHIPS : (v > MAX_CHIPS ? MAX_CHIPS : v);
	v = eeprom_read_byte((const uint8_t *)EE_READERS);
	cfg.readers = v == 0xFF ? DEFAULT_READERS : (v > MAX_READERS ? MAX_READERS : v);
	uint32_t boots = eeprom_read_dword((const uint32_t *)EE_BOOTS);
	if (boots == 0xFFFFFFFF)
		boots = 0;
	boots++;
	eeprom_write_dword((uint32_t *)EE_BOOTS, boots);
	cfg.boot_id = boots;
}

int main(void)
{
	load_config();
	clock_init();
	uart_init();
	proto_init();
	buttons_init();
	lights_init();
	wdt_enable(WDTO_250MS);
	sei();
	uart_putc(0); /* flush whatever half frame the host holds */
	if (reset_cause & _BV(WDRF)) {
		static const char text[] PROGMEM = "watchdog reset";
		proto_status(ST_INFO, text, -1);
	}
	readers_init();
	set_sleep_mode(SLEEP_MODE_IDLE);
	for (;;) {
		wdt_reset();
		proto_rx();
		buttons_edges();
		uint8_t ticks;
		cli();
		ticks = ticks_pending;
		ticks_pending = 0;
		sei();
		if (ticks) {
			uint32_t now = clock_ms();
			buttons_tick();
			while (ticks--)
				lights_tick();
			proto_tick(now);
			readers_tick();
		}
		proto_tx();
		cli();
		if (!ticks_pending && proto_idle() && uart_rx_empty() && buttons_idle()) {
			sleep_enable();
			sei();
			sleep_cpu();
			sleep_disable();
		}
		sei();
	}
}
