/*
 * proto.h: protocol 1 of firmware-protocol.md on the device: frames
 * (COBS, zero-delimited, CRC-16/CCITT-FALSE big-endian), the queue of
 * sequenced events kept until acknowledged and sent again every 100 ms
 * (at most 32: on overflow the oldest is lost and a Status says so), the
 * memory of the host's last 128 seqs, Hello, Pong, Heartbeat and Ack.
 */
#ifndef PROTO_H
#define PROTO_H

#include <stdint.h>

enum {
	T_HELLO = 0x01,
	T_ACK = 0x06,
	T_BUTTON = 0x10,
	T_TILE_READ = 0x11,
	T_TILE_GONE = 0x12,
	T_PONG = 0x13,
	T_STATUS = 0x14,
	T_HEARTBEAT = 0x15,
	T_QUERY = 0x80,
	T_LED = 0x81,
	T_PING = 0x82,
};

enum { ST_INFO = 0, ST_OVERFLOW = 1, ST_READER_FAULT = 2, ST_COMMAND = 3 };

/* The longest event body kept, without its CRC: a TileRead of a 7-byte
 * UID (type, seq, reader, time, length, uid). */
#define EVENT_MAX 19

/* proto_init starts a boot: empty queue, seqs from 1, no host seqs. */
void proto_init(void);
/* proto_rx feeds the received bytes to the decoder and handles frames. */
void proto_rx(void);
/* proto_tick runs once a ms: retransmissions and the heartbeat. */
void proto_tick(uint32_t now_ms);
/* proto_tx sends what is due, as the transmit ring has room. */
void proto_tx(void);
/* proto_idle says there is nothing to send that the ring could take. */
uint8_t proto_idle(void);

/* Events. */
void proto_button(uint8_t ch, uint8_t pressed, uint64_t t);
void proto_tile(uint8_t type, uint8_t reader, uint64_t t, const uint8_t *uid, uint8_t n);
/* proto_status queues a Status; text is in flash (PSTR) and is cut to 16
 * bytes, with an optional decimal number appended (n >= 0). */
void proto_status(uint8_t code, const char *text_P, int16_t n);

/* The codec, also used by the tests of the host side's worked example. */
uint16_t crc16(const uint8_t *p, uint8_t n);

#endif
