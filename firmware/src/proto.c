/*
 * proto.c: protocol 1 on the device. Events are kept as their bodies
 * without the CRC; a send encodes one again, byte for byte the same.
 */
#include "proto.h"

#include "board.h"
#include "clock.h"
#include "lights.h"
#include "uart.h"

#include <avr/pgmspace.h>
#include <string.h>

#define QUEUE_LEN 32
#define RESEND_MS 100
#define HEARTBEAT_MS 250
#define BODY_MAX 68
#define BLOCK_MAX 69

struct event {
	uint8_t len;
	uint8_t body[EVENT_MAX];
	uint8_t sent; /* its latest send, in 4 ms (it wraps after 1 s: every
	               * event is sent again within 100 ms) */
};

static struct event queue[QUEUE_LEN];
static uint8_t queued;
static uint32_t due;       /* bit i: queue[i] is to be sent now */
static uint32_t sent_once; /* bit i: queue[i] went out before */
static uint8_t seq;
static uint8_t overflow_queued;

/* The host's seqs delivered, the last 128 (firmware-protocol.md). */
static uint8_t seen_ring[128];
static uint8_t seen_bits[32];
static uint8_t seen_n;
static uint8_t seen_full;

/* Frames answered at once, sent before any event. */
static uint8_t ack_seq[8], ack_status[8], acks;
static uint32_t pong_id[2];
static uint64_t pong_time[2];
static uint8_t pongs;
static uint8_t hello_due, beat_due;

static uint8_t rxbuf[BLOCK_MAX + 1];
static uint8_t rxlen;
static uint8_t rxbad;

static uint16_t bad_frames, retransmits;
static uint32_t last_beat;

uint16_t crc16(const uint8_t *p, uint8_t n)
{
	uint16_t crc = 0xFFFF;
	while (n--) {
		crc ^= (uint16_t)(*p++) << 8;
		for (uint8_t i = 0; i < 8; i++)
			crc = (crc & 0x8000) ? (uint16_t)((crc << 1) ^ 0x1021) : (uint16_t)(crc << 1);
	}
	return crc;
}

void proto_init(void)
{
	queued = 0;
	due = sent_once = 0;
	seq = 0;
	overflow_queued = 0;
	memset(seen_bits, 0, sizeof seen_bits);
	seen_n = seen_full = 0;
	acks = pongs = hello_due = beat_due = 0;
	rxlen = rxbad = 0;
	bad_frames = retransmits = 0;
	last_beat = 0;
}

static uint8_t seen(uint8_t s) { return seen_bits[s >> 3] & (uint8_t)(1 << (s & 7)); }

static void remember(uint8_t s)
{
	if (seen_full) {
		uint8_t old = seen_ring[seen_n];
		seen_bits[old >> 3] &= (uint8_t)~(1 << (old & 7));
	}
	seen_ring[seen_n] = s;
	seen_bits[s >> 3] |= (uint8_t)(1 << (s & 7));
	seen_n = (uint8_t)((seen_n + 1) & 127);
	if (seen_n == 0)
		seen_full = 1;
}

/* send puts body (n bytes, CRC appended here) on the wire, COBS-encoded
 * and delimited; it returns 0, sending nothing, if the ring lacks room. */
static uint8_t send(uint8_t *body, uint8_t n)
{
	if (uart_free() < n + 4)
		return 0;
	uint16_t crc = crc16(body, n);
	body[n] = (uint8_t)(crc >> 8);
	body[n + 1] = (uint8_t)crc;
	n += 2;
	uint8_t start = 0;
	while (start <= n) {
		uint8_t end = start;
		while (end < n && body[end] != 0 && end - start < 254)
			end++;
		uart_putc((uint8_t)(end - start + 1));
		for (uint8_t i = start; i < end; i++)
			uart_putc(body[i]);
		if (end == n)
			break;
		start = end + 1;
	}
	uart_putc(0);
	return 1;
}

static void put_u32(uint8_t *p, uint32_t v)
{
	for (uint8_t i = 0; i < 4; i++, v >>= 8)
		p[i] = (uint8_t)v;
}

static void put_u64(uint8_t *p, uint64_t v)
{
	put_u32(p, (uint32_t)v);
	put_u32(p + 4, (uint32_t)(v >> 32));
}

static uint32_t get_u32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* drop removes queue[i], keeping the order of the others. */
static void drop(uint8_t i)
{
	memmove(&queue[i], &queue[i + 1], (size_t)(queued - i - 1) * sizeof queue[0]);
	queued--;
	uint32_t low = ((uint32_t)1 << i) - 1;
	due = (due & low) | ((due >> 1) & ~low);
	sent_once = (sent_once & low) | ((sent_once >> 1) & ~low);
	if (queued == 0)
		overflow_queued = 0;
}

/* drop_oldest_event drops the oldest event that is not a Status, or the
 * oldest Status if the queue holds nothing else. */
static void drop_oldest_event(void)
{
	for (uint8_t i = 0; i < queued; i++)
		if (queue[i].body[0] != T_STATUS) {
			drop(i);
			return;
		}
	if (queued)
		drop(0);
}

/* enqueue takes a body whose seq byte it fills; the body is sent at once. */
static void enqueue(uint8_t *body, uint8_t n);

static void enqueue_raw(const uint8_t *body, uint8_t n)
{
	struct event *e = &queue[queued];
	if (++seq == 0)
		seq = 1;
	memcpy(e->body, body, n);
	e->body[1] = seq;
	e->len = n;
	due |= (uint32_t)1 << queued;
	queued++;
}

static void enqueue(uint8_t *body, uint8_t n)
{
	if (queued >= QUEUE_LEN) {
		/* The oldest event is lost; one Status (itself taking a place,
		 * so one more is lost) says so until the queue drains. */
		drop_oldest_event();
		if (!overflow_queued) {
			static const char text[] PROGMEM = "event queue full";
			uint8_t st[EVENT_MAX];
			drop_oldest_event();
			st[0] = T_STATUS;
			st[2] = ST_OVERFLOW;
			memcpy_P(st + 3, text, sizeof text - 1); /* no NUL: it would not fit */
			enqueue_raw(st, (uint8_t)(3 + sizeof text - 1));
			overflow_queued = 1;
		}
	}
	enqueue_raw(body, n);
}

void proto_button(uint8_t ch, uint8_t pressed, uint64_t t)
{
	uint8_t b[12];
	b[0] = T_BUTTON;
	b[2] = ch;
	b[3] = pressed;
	put_u64(b + 4, t);
	enqueue(b, sizeof b);
}

void proto_tile(uint8_t type, uint8_t reader, uint64_t t, const uint8_t *uid, uint8_t n)
{
	uint8_t b[EVENT_MAX];
	b[0] = type;
	b[2] = reader;
	put_u64(b + 3, t);
	b[11] = n;
	memcpy(b + 12, uid, n);
	enqueue(b, (uint8_t)(12 + n));
}

void proto_status(uint8_t code, const char *text_P, int16_t n)
{
	uint8_t b[EVENT_MAX];
	uint8_t len = 3;
	b[0] = T_STATUS;
	b[2] = code;
	char c;
	while (len < EVENT_MAX && (c = (char)pgm_read_byte(text_P++)) != 0)
		b[len++] = (uint8_t)c;
	if (n >= 0) {
		char digits[6];
		uint8_t k = 0;
		do {
			digits[k++] = (char)('0' + n % 10);
			n /= 10;
		} while (n && k < sizeof digits);
		while (k && len < EVENT_MAX)
			b[len++] = (uint8_t)digits[--k];
	}
	enqueue(b, len);
}

static void ack(uint8_t s, uint8_t status)
{
	if (acks < sizeof ack_seq) {
		ack_seq[acks] = s;
		ack_status[acks] = status;
		acks++;
	}
}

/* led handles an LED command (the seq is new): payload channel, r, g, b,
 * pattern, duration u16 ms. */
static void led(const uint8_t *p)
{
	uint16_t dur = (uint16_t)(p[5] | p[6] << 8);
	if (!lights_set(p[0], p[1], p[2], p[3], p[4], dur)) {
		static const char text[] PROGMEM = "no light ";
		proto_status(ST_COMMAND, text, p[0]);
	}
}

/* frame handles one good frame from the host, its Ping's last byte
 * stamped at stamp (µs, low 32 bits). */
static void frame(const uint8_t *b, uint8_t n, uint32_t stamp)
{
	uint8_t type = b[0], s = b[1];
	const uint8_t *p = b + 2;
	uint8_t plen = (uint8_t)(n - 4);
	switch (type) {
	case T_QUERY:
		hello_due = 1;
		due = queued >= 32 ? 0xFFFFFFFF : ((uint32_t)1 << queued) - 1;
		return;
	case T_PING:
		if (plen < 4) {
			bad_frames++;
			return;
		}
		if (pongs < 2) {
			pong_id[pongs] = get_u32(p);
			pong_time[pongs] = clock_widen(clock_us(), stamp);
			pongs++;
		}
		return;
	case T_ACK:
		for (uint8_t i = 0; i < queued; i++)
			if (queue[i].body[1] == s) {
				drop(i);
				break;
			}
		return;
	case T_LED:
		if (s == 0) {
			bad_frames++;
			return;
		}
		if (plen < 7) {
			ack(s, 2);
		} else {
			if (!seen(s))
				led(p);
			ack(s, 0);
		}
		if (!seen(s))
			remember(s);
		return;
	case T_HELLO:
	case T_BUTTON:
	case T_TILE_READ:
	case T_TILE_GONE:
	case T_PONG:
	case T_STATUS:
	case T_HEARTBEAT:
		return; /* a device's own types: nothing for it to do */
	}
	/* A type this device does not know: sequenced if its seq is not 0. */
	if (s != 0) {
		ack(s, 1);
		if (!seen(s))
			remember(s);
	}
}

/* block decodes the COBS block in rxbuf and handles its frame. */
static void block(uint32_t stamp)
{
	uint8_t out = 0, i = 0;
	while (i < rxlen) {
		uint8_t code = rxbuf[i++];
		if (code == 0 || i + code - 1 > rxlen) {
			bad_frames++;
			return;
		}
		for (uint8_t k = 1; k < code; k++)
			rxbuf[out++] = rxbuf[i++];
		if (code < 255 && i < rxlen)
			rxbuf[out++] = 0;
	}
	if (out < 4 || out > BODY_MAX) {
		bad_frames++;
		return;
	}
	uint16_t crc = crc16(rxbuf, (uint8_t)(out - 2));
	if (rxbuf[out - 2] != (uint8_t)(crc >> 8) || rxbuf[out - 1] != (uint8_t)crc) {
		bad_frames++;
		return;
	}
	frame(rxbuf, out, stamp);
}

void proto_rx(void)
{
	int16_t c;
	uint32_t stamp = 0;
	/* Bounded: a flood of bytes still lets the loop feed the watchdog. */
	for (uint8_t k = 0; k < 200 && (c = uart_getc(&stamp)) >= 0; k++) {
		if (c == 0) {
			if (rxbad)
				bad_frames++;
			else if (rxlen > 0)
				block(stamp);
			rxlen = rxbad = 0;
		} else if (rxlen >= BLOCK_MAX) {
			rxbad = 1;
		} else {
			rxbuf[rxlen++] = (uint8_t)c;
		}
	}
}

void proto_tick(uint32_t now_ms)
{
	uint8_t now = (uint8_t)(now_ms >> 2);
	for (uint8_t i = 0; i < queued; i++)
		if ((uint8_t)(now - queue[i].sent) >= RESEND_MS / 4)
			due |= (uint32_t)1 << i;
	if (now_ms - last_beat >= HEARTBEAT_MS) {
		last_beat = now_ms;
		beat_due = 1;
	}
}

void proto_tx(void)
{
	uint8_t b[EVENT_MAX + 2]; /* the longest body the device sends, with its CRC */
	while (acks) {
		b[0] = T_ACK;
		b[1] = ack_seq[0];
		b[2] = ack_status[0];
		if (!send(b, 3))
			return;
		acks--;
		memmove(ack_seq, ack_seq + 1, acks);
		memmove(ack_status, ack_status + 1, acks);
	}
	while (pongs) {
		b[0] = T_PONG;
		b[1] = 0;
		put_u32(b + 2, pong_id[0]);
		put_u64(b + 6, pong_time[0]);
		if (!send(b, 14))
			return;
		pongs--;
		pong_id[0] = pong_id[1];
		pong_time[0] = pong_time[1];
	}
	if (hello_due) {
		b[0] = T_HELLO;
		b[1] = 0;
		b[2] = 1; /* protocol 1 */
		b[3] = 1 | 4 | (cfg.readers ? 2 : 0);
		b[4] = FW_MAJOR;
		b[5] = FW_MINOR;
		b[6] = FW_PATCH;
		put_u32(b + 7, cfg.boot_id);
		put_u32(b + 11, cfg.device_id);
		b[15] = (uint8_t)(DIRECT_BUTTONS + 8 * cfg.chips);
		b[16] = cfg.readers;
		if (!send(b, 17))
			return;
		hello_due = 0;
	}
	if (beat_due) {
		b[0] = T_HEARTBEAT;
		b[1] = 0;
		put_u64(b + 2, clock_us());
		uint16_t bad = bad_frames + uart_rx_errors;
		b[10] = (uint8_t)bad;
		b[11] = (uint8_t)(bad >> 8);
		b[12] = (uint8_t)retransmits;
		b[13] = (uint8_t)(retransmits >> 8);
		b[14] = queued;
		if (!send(b, 15))
			return;
		beat_due = 0;
	}
	/* Events, oldest first, leaving room for the frames answered at once. */
	for (uint8_t i = 0; i < queued && due; i++) {
		uint32_t bit = (uint32_t)1 << i;
		if (!(due & bit))
			continue;
		if (uart_free() < queue[i].len + 4 + 24)
			return;
		memcpy(b, queue[i].body, queue[i].len);
		send(b, queue[i].len);
		queue[i].sent = (uint8_t)(clock_ms() >> 2);
		due &= ~bit;
		if (sent_once & bit)
			retransmits++;
		sent_once |= bit;
	}
}

uint8_t proto_idle(void)
{
	return !acks && !pongs && !hello_due && !beat_due && !due;
}
