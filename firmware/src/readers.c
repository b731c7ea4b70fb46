/*
 * readers.c: an MFRC522 driver (registers over SPI mode 0, at 4 MHz) and
 * the ISO 14443-3 type A steps a tile's tag needs. The CRC_A of SELECT
 * and HLTA is computed here, not by the chip.
 */
#include "readers.h"

#include "board.h"
#include "clock.h"
#include "proto.h"

#include <avr/interrupt.h>
#include <avr/io.h>
#include <avr/sleep.h>
#include <avr/pgmspace.h>
#include <avr/wdt.h>
#include <string.h>

#define POLL_MS 30     /* one reader polled every 30 ms */
#define RETRY_MS 5000  /* a faulty reader tried again */
#define GONE_POLLS 2   /* polls without the tag before it is gone */

/* MFRC522 registers and commands. */
enum {
	CommandReg = 0x01,
	ComIrqReg = 0x04,
	ErrorReg = 0x06,
	FIFODataReg = 0x09,
	FIFOLevelReg = 0x0A,
	ControlReg = 0x0C,
	BitFramingReg = 0x0D,
	ModeReg = 0x11,
	TxControlReg = 0x14,
	TxASKReg = 0x15,
	TModeReg = 0x2A,
	TPrescalerReg = 0x2B,
	TReloadRegH = 0x2C,
	TReloadRegL = 0x2D,
	VersionReg = 0x37,
	CmdIdle = 0x00,
	CmdTransceive = 0x0C,
	CmdSoftReset = 0x0F,
};

/* PICC commands. */
enum { REQA = 0x26, WUPA = 0x52, HLTA = 0x50, CT = 0x88 };

struct reader {
	uint8_t ok;      /* initialised and answering */
	uint8_t present; /* a tag is on it: uid is its UID */
	uint8_t misses;
	uint8_t uidlen;
	uint8_t uid[7];
	uint16_t retry; /* ms until a faulty reader is tried again */
};

static struct reader readers[MAX_READERS];
static uint8_t next_reader;
static uint8_t poll_in;

/* The chip selects: PB2, PB1, PB0, PC3. */
static void select_reader(uint8_t r, uint8_t on)
{
	volatile uint8_t *port = r == 3 ? &PORTC : &PORTB;
	uint8_t bit = r == 3 ? _BV(PC3) : (uint8_t)(_BV(PB2) >> r);
	if (on)
		*port &= (uint8_t)~bit;
	else
		*port |= bit;
}

static volatile uint8_t spi_done;

ISR(SPI_STC_vect) { spi_done = 1; }

/* spi sends v and returns the byte that came back. It sleeps until the
 * byte is done, rather than spin: the core's time is the simulator's too.
 * The count only guards against an SPI that stopped. */
static uint8_t spi(uint8_t v)
{
	spi_done = 0;
	SPDR = v;
	for (uint16_t i = 0; i < 2000 && !spi_done; i++) {
		cli();
		if (!spi_done) {
			sleep_enable();
			sei();
			sleep_cpu();
			sleep_disable();
		}
		sei();
	}
	return SPDR;
}

static void wr(uint8_t r, uint8_t reg, uint8_t v)
{
	select_reader(r, 1);
	spi((uint8_t)(reg << 1));
	spi(v);
	select_reader(r, 0);
}

static uint8_t rd(uint8_t r, uint8_t reg)
{
	select_reader(r, 1);
	spi((uint8_t)(0x80 | reg << 1));
	uint8_t v = spi(0);
	select_reader(r, 0);
	return v;
}

/* crc_a is ISO 14443-3's CRC_A (reflected 0x8408, preset 0x6363). */
static uint16_t crc_a(const uint8_t *p, uint8_t n)
{
	uint16_t crc = 0x6363;
	while (n--) {
		crc ^= *p++;
		for (uint8_t i = 0; i < 8; i++)
			crc = (crc & 1) ? (uint16_t)((crc >> 1) ^ 0x8408) : (uint16_t)(crc >> 1);
	}
	return crc;
}

/* transceive sends n bytes (the last one of bits bits, 0 for 8) and
 * returns how many bytes came back into in (at most max), or -1 for no
 * answer or a garbled one. */
static int8_t transceive(uint8_t r, const uint8_t *out, uint8_t n, uint8_t bits, uint8_t *in, uint8_t max)
{
	wr(r, CommandReg, CmdIdle);
	wr(r, ComIrqReg, 0x7F);
	wr(r, FIFOLevelReg, 0x80);
	for (uint8_t i = 0; i < n; i++)
		wr(r, FIFODataReg, out[i]);
	wr(r, CommandReg, CmdTransceive);
	wr(r, BitFramingReg, (uint8_t)(0x80 | bits));
	uint8_t irq = 0;
	/* The chip's own timer (2 ms) ends a transceive that gets no answer;
	 * the count only guards against a chip that stopped answering. */
	for (uint16_t i = 0; i < 400; i++) {
		irq = rd(r, ComIrqReg);
		if (irq & 0x31) /* RxIRq, IdleIRq, TimerIRq */
			break;
	}
	wr(r, BitFramingReg, 0);
	if (!(irq & 0x20)) /* no RxIRq: nothing came back before the timer */
		return -1;
	if (rd(r, ErrorReg) & 0x1B) /* BufferOvfl, CollErr, ParityErr, ProtocolErr */
		return -1;
	uint8_t got = rd(r, FIFOLevelReg);
	if (got > max)
		return -1;
	for (uint8_t i = 0; i < got; i++)
		in[i] = rd(r, FIFODataReg);
	return (int8_t)got;
}

static uint8_t wake(uint8_t r, uint8_t cmd)
{
	uint8_t atqa[2];
	return transceive(r, &cmd, 1, 7, atqa, 2) == 2;
}

static void halt(uint8_t r)
{
	uint8_t b[4] = {HLTA, 0};
	uint16_t c = crc_a(b, 2);
	b[2] = (uint8_t)c;
	b[3] = (uint8_t)(c >> 8);
	uint8_t in[2];
	transceive(r, b, 4, 0, in, 2); /* a halted tag does not answer */
}

/* select runs anticollision and select over the cascade levels of the one
 * tag that answered a REQA or WUPA; it returns the UID's length (4 or 7),
 * or 0. */
static uint8_t select(uint8_t r, uint8_t *uid)
{
	uint8_t n = 0;
	for (uint8_t level = 0; level < 2; level++) {
		uint8_t b[9], in[5];
		b[0] = (uint8_t)(0x93 + 2 * level);
		b[1] = 0x20;
		if (transceive(r, b, 2, 0, in, 5) != 5)
			return 0;
		if ((in[0] ^ in[1] ^ in[2] ^ in[3]) != in[4])
			return 0;
		b[1] = 0x70;
		memcpy(b + 2, in, 5);
		uint16_t c = crc_a(b, 7);
		b[7] = (uint8_t)c;
		b[8] = (uint8_t)(c >> 8);
		uint8_t sak[3];
		if (transceive(r, b, 9, 0, sak, 3) != 3)
			return 0;
		if (sak[0] & 0x04) { /* cascade: in[0] is the cascade tag */
			if (in[0] != CT || level == 1)
				return 0;
			memcpy(uid, in + 1, 3);
			n = 3;
			continue;
		}
		memcpy(uid + n, in, 4);
		return (uint8_t)(n + 4);
	}
	return 0;
}

static uint8_t init_reader(uint8_t r)
{
	wr(r, CommandReg, CmdSoftReset);
	/* The oscillator starts within 40 ms; PowerDown clears then. */
	for (uint8_t i = 0; i < 50 && (rd(r, CommandReg) & 0x10); i++) {
		wdt_reset();
		for (uint16_t k = 0; k < 4000; k++)
			__asm__ volatile("nop");
	}
	uint8_t v = rd(r, VersionReg);
	if (v == 0x00 || v == 0xFF)
		return 0;
	wr(r, TModeReg, 0x80);      /* the timer starts when a send ends */
	wr(r, TPrescalerReg, 0xA9); /* 40 kHz */
	wr(r, TReloadRegH, 0);
	wr(r, TReloadRegL, 80); /* 2 ms without an answer: none */
	wr(r, TxASKReg, 0x40);  /* 100% ASK */
	wr(r, ModeReg, 0x3D);
	wr(r, TxControlReg, (uint8_t)(rd(r, TxControlReg) | 0x03)); /* antenna on */
	return 1;
}

void readers_init(void)
{
	DDRB |= _BV(PB0) | _BV(PB1) | _BV(PB2) | _BV(PB3) | _BV(PB5);
	DDRC |= _BV(PC3);
	for (uint8_t r = 0; r < MAX_READERS; r++)
		select_reader(r, 0);
	SPCR = _BV(SPIE) | _BV(SPE) | _BV(MSTR); /* mode 0, fosc/4, an interrupt per byte */
	for (uint8_t r = 0; r < cfg.readers; r++) {
		readers[r].ok = init_reader(r);
		if (!readers[r].ok) {
			static const char text[] PROGMEM = "no reader ";
			proto_status(ST_READER_FAULT, text, r);
			readers[r].retry = RETRY_MS;
		}
	}
}

static void poll(uint8_t r)
{
	struct reader *rd_ = &readers[r];
	uint64_t at = clock_us();
	if (rd_->present) {
		if (wake(r, WUPA)) {
			rd_->misses = 0;
			halt(r); /* a woken tag not selected goes back to idle */
			return;
		}
		if (++rd_->misses < GONE_POLLS)
			return;
		rd_->present = 0;
		proto_tile(T_TILE_GONE, r, at, rd_->uid, rd_->uidlen);
		return;
	}
	if (!wake(r, REQA))
		return;
	uint8_t uid[7];
	uint8_t n = select(r, uid);
	if (!n)
		return;
	halt(r);
	rd_->present = 1;
	rd_->misses = 0;
	rd_->uidlen = n;
	memcpy(rd_->uid, uid, n);
	proto_tile(T_TILE_READ, r, at, uid, n);
}

void readers_tick(void)
{
	for (uint8_t r = 0; r < cfg.readers; r++)
		if (readers[r].retry && --readers[r].retry == 0) {
			readers[r].ok = init_reader(r);
			if (!readers[r].ok)
				readers[r].retry = RETRY_MS;
		}
	if (!cfg.readers || ++poll_in < POLL_MS)
		return;
	poll_in = 0;
	uint8_t r = next_reader;
	next_reader = (uint8_t)((r + 1) % cfg.readers);
	if (readers[r].ok)
		poll(r);
}
