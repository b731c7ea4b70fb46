/*
 * board.h: the seat controller's pins, sizes and EEPROM layout, for an
 * ATmega328P at 16 MHz (Arduino Nano or Uno). docs/firmware.md and
 * docs/firmware-wiring.svg draw the same wiring.
 *
 *   PD0/PD1 (D0/D1)   UART to the host, 115200 8N1
 *   PD2..PD7 (D2..D7) buttons 0..5, to ground, internal pull-ups, pin-change
 *                     interrupt: stamped at their first edge to the µs
 *   PC0 (A0)          74HC165 SH/LD (parallel load, active low)
 *   PC1 (A1)          74HC165 CLK
 *   PC2 (A2)          74HC165 QH of the chip nearest the board
 *                     (buttons 6.. : 8 per chip, polled every ms)
 *   PB3/PB4/PB5       SPI MOSI/MISO/SCK to the MFRC522 readers
 *   PB2, PB1, PB0, PC3 (D10, D9, D8, A3)  chip selects of readers 0..3
 *   PC4 (A4)          APA102 data (DI)
 *   PC5 (A5)          APA102 clock (CI)
 */
#ifndef BOARD_H
#define BOARD_H

#include <stdint.h>

#define FW_MAJOR 1
#define FW_MINOR 0
#define FW_PATCH 0

#define DIRECT_BUTTONS 6
#define MAX_CHIPS 3
#define MAX_BUTTONS (DIRECT_BUTTONS + 8 * MAX_CHIPS)
#define MAX_READERS 4
#define NUM_LIGHTS 16

/* EEPROM layout: what a club sets per board (docs/firmware.md). An erased
 * byte (0xFF) takes the default. */
#define EE_DEVICE_ID 0 /* u32, little-endian; 0xFFFFFFFF: 0 */
#define EE_CHIPS 4     /* u8: 74HC165 chips in the chain, 0..3; default 2 */
#define EE_READERS 5   /* u8: MFRC522 readers, 0..4; default 1 */
#define EE_BOOTS 8     /* u32: boot counter, the Hello's boot id */

#define DEFAULT_CHIPS 2
#define DEFAULT_READERS 1

/* The board's configuration, read from the EEPROM at boot. */
struct config {
	uint32_t device_id;
	uint32_t boot_id;
	uint8_t chips;
	uint8_t readers;
};
extern struct config cfg;

#endif
