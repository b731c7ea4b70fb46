/*
 * readers.h: the tile readers, MFRC522s on SPI, each with its own chip
 * select (the reader index of firmware-protocol.md). Each is polled in
 * turn: a tag entering the field is selected (REQA, anticollision and
 * select over the cascade levels of a 4- or 7-byte UID) and sent as a
 * TileRead, then halted; while it stays, a WUPA finds it each poll; two
 * polls without it send a TileGone. A reader that does not answer is
 * reported with a Status (code 2) and tried again every 5 s.
 */
#ifndef READERS_H
#define READERS_H

#include <stdint.h>

void readers_init(void);
/* readers_tick runs once a ms and polls the next reader when it is due. */
void readers_tick(void);

#endif
