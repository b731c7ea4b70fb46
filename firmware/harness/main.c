/*
 * main.c: seat-harness runs the seat controller's ELF in simavr at
 * 16 MHz, paced to CLOCK_MONOTONIC (times 1 + ppm: a crystal's error),
 * with its UART on a pty whose path a symlink gives (as a USB adapter's
 * /dev/serial/by-id name), and takes commands on a TCP control port.
 *
 *   seat-harness --link PATH --control HOST:PORT [--ppm 80]
 *                [--device-id HEX] [--chips N] [--readers N] FIRMWARE.elf
 */
#define _GNU_SOURCE
#include "harness.h"

#include <avr_eeprom.h>
#include <avr_uart.h>
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <poll.h>
#include <sim_elf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#define FREQ 16000000
#define PACE_CYCLES 800 /* 50 µs: the longest the core sleeps between looks */

static avr_t *avr;
static double cycles_per_ns;
static uint64_t base_ns;
static avr_cycle_count_t base_cycle;

static const char *link_path;
static int master = -1;
static int plugged;
static int host_absent; /* the pty's far end is closed: its master polls as hung up */
static uint64_t replug_at;
static char pts[128];

static uint8_t in_buf[8192];
static int in_off, in_n;
static int xoff;
static uint8_t out_buf[8192];
static int out_n;
static uint64_t last_out_us; /* when the device last sent a byte */

static avr_irq_t *uart_in;
static void (*core_reset)(avr_t *);
static int resets, reboots;
static avr_cycle_count_t reset_cycle;
static uint64_t lag_max_us, lag_recent_us; /* the sim behind the wall clock: ever, since the last state */
static uint16_t min_sp = 0xFFFF;

/* From the ELF: where a hung loop spins, and the firmware's queue count. */
static uint32_t sym_exit, sym_queued, sym_seq, sym_heap;

/* A mute waits for the watchdog to answer. */
static int muted;
static uint64_t mute_at, mute_deadline;

uint64_t mono_us(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000 + (uint64_t)ts.tv_nsec / 1000;
}

static uint64_t mono_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000 + (uint64_t)ts.tv_nsec;
}

static void load_symbols(const char *file)
{
	elf_version(EV_CURRENT);
	int fd = open(file, O_RDONLY);
	Elf *e = fd >= 0 ? elf_begin(fd, ELF_C_READ, NULL) : NULL;
	Elf_Scn *scn = NULL;
	while (e && (scn = elf_nextscn(e, scn)) != NULL) {
		GElf_Shdr sh;
		gelf_getshdr(scn, &sh);
		if (sh.sh_type != SHT_SYMTAB)
			continue;
		Elf_Data *d = elf_getdata(scn, NULL);
		for (size_t i = 0; i < sh.sh_size / sh.sh_entsize; i++) {
			GElf_Sym s;
			gelf_getsym(d, (int)i, &s);
			const char *name = elf_strptr(e, sh.sh_link, s.st_name);
			if (!name)
				continue;
			if (!strcmp(name, "_exit"))
				sym_exit = (uint32_t)s.st_value;
			else if (!strcmp(name, "queued"))
				sym_queued = (uint32_t)s.st_value & 0xFFFF;
			else if (!strcmp(name, "seq") && GELF_ST_TYPE(s.st_info) == STT_OBJECT)
				sym_seq = (uint32_t)s.st_value & 0xFFFF;
			else if (!strcmp(name, "_end"))
				sym_heap = (uint32_t)s.st_value & 0xFFFF;
		}
	}
	if (e)
		elf_end(e);
	if (fd >= 0)
		close(fd);
}

static void unplug(void)
{
	if (master >= 0)
		close(master);
	master = -1;
	plugged = 0;
	unlink(link_path);
}

static int plug(void)
{
	master = posix_openpt(O_RDWR | O_NOCTTY | O_NONBLOCK);
	if (master < 0 || grantpt(master) || unlockpt(master) || ptsname_r(master, pts, sizeof pts)) {
		perror("seat-harness: pty");
		return -1;
	}
	int s = open(pts, O_RDWR | O_NOCTTY);
	if (s >= 0) {
		struct termios t;
		tcgetattr(s, &t);
		cfmakeraw(&t);
		cfsetspeed(&t, B115200);
		tcsetattr(s, TCSANOW, &t);
		close(s);
	}
	unlink(link_path);
	if (symlink(pts, link_path)) {
		perror("seat-harness: --link");
		return -1;
	}
	plugged = 1;
	in_off = in_n = out_n = 0;
	return 0;
}

static void on_uart_out(avr_irq_t *irq, uint32_t value, void *param)
{
	(void)irq, (void)param;
	if (plugged && out_n < (int)sizeof out_buf)
		out_buf[out_n++] = (uint8_t)value;
	last_out_us = mono_us();
}

static void on_xoff(avr_irq_t *irq, uint32_t value, void *param)
{
	(void)irq, (void)param;
	xoff = value != 0;
}

static void on_xon(avr_irq_t *irq, uint32_t value, void *param)
{
	(void)irq, (void)param;
	if (value)
		xoff = 0;
}

static avr_cycle_count_t pace(avr_t *a, avr_cycle_count_t when, void *param)
{
	(void)param;
	parts_timer(a);
	return when + PACE_CYCLES;
}

static void on_reset(avr_t *a)
{
	if (core_reset)
		core_reset(a);
	resets++;
	reset_cycle = a->cycle;
	avr_cycle_timer_register(a, PACE_CYCLES, pace, NULL);
	parts_reset(a);
	xoff = 0;
	if (muted) {
		char json[128];
		muted = 0;
		snprintf(json, sizeof json, "{\"ok\":true,\"watchdog_reset_after_us\":%llu}",
			 (unsigned long long)(mono_us() - mute_at));
		control_answer(json);
	}
}

/* catch_up runs the simulation to the wall clock, again until a run takes
 * less than 200 µs: what acts next (a byte from the host, a button) acts
 * at the simulated moment that is now. At most four runs: on a machine
 * too busy for that, the loop must still turn (commands, the pty). */
static void catch_up(void)
{
	for (int pass = 0; pass < 4; pass++) {
		uint64_t start = mono_ns();
		avr_cycle_count_t target = base_cycle + (avr_cycle_count_t)((double)(start - base_ns) * cycles_per_ns);
		if (target > avr->cycle + PACE_CYCLES) {
			uint64_t lag = (target - avr->cycle) / (FREQ / 1000000);
			if (lag > lag_max_us)
				lag_max_us = lag;
			if (lag > lag_recent_us)
				lag_recent_us = lag;
		}
		while (avr->cycle < target) {
			avr_run(avr);
			uint16_t sp = (uint16_t)(avr->data[R_SPL] | avr->data[R_SPH] << 8);
			if (sp < min_sp)
				min_sp = sp;
			if (avr->state == cpu_Done || avr->state == cpu_Crashed) {
				fprintf(stderr, "seat-harness: the core stopped (state %d): reset\n", avr->state);
				avr_reset(avr);
			}
		}
		if (mono_ns() - start < 200000)
			return;
	}
}

static void no_sleep(avr_t *a, avr_cycle_count_t how_long) { (void)a, (void)how_long; }

static uint8_t eeprom_byte(int addr)
{
	uint8_t v = 0xFF;
	avr_eeprom_desc_t d = {.ee = &v, .offset = (uint16_t)addr, .size = 1};
	avr_ioctl(avr, AVR_IOCTL_EEPROM_GET, &d);
	return d.ee ? d.ee[0] : v;
}

static void eeprom_set(int addr, const uint8_t *v, int n)
{
	avr_eeprom_desc_t d = {.ee = (uint8_t *)v, .offset = (uint16_t)addr, .size = (uint32_t)n};
	avr_ioctl(avr, AVR_IOCTL_EEPROM_SET, &d);
}

static void json_lights(char *out, size_t n)
{
	size_t k = (size_t)snprintf(out, n, "{\"lights\":[");
	uint64_t now = mono_us();
	int first = 1;
	for (int ch = 0; ch < NUM_LIGHTS && k < n; ch++) {
		struct light *l = &lights[ch];
		if (!l->n)
			continue;
		/* The blink from the changes of the last 1.1 s: none, steady;
		 * else by the latest whole time on. */
		const char *blink = l->rgb ? "steady" : "off";
		int m = l->n < LIGHT_HISTORY ? l->n : LIGHT_HISTORY;
		uint32_t lit = 0;
		for (int i = 1; i <= m; i++) {
			struct light_change *c = &l->hist[(l->n - i) % LIGHT_HISTORY];
			if (c->rgb) {
				lit = c->rgb;
				break;
			}
		}
		for (int i = 1; i < m; i++) {
			struct light_change *off = &l->hist[(l->n - i) % LIGHT_HISTORY];
			struct light_change *on = &l->hist[(l->n - i - 1) % LIGHT_HISTORY];
			if (now - off->at > 1100000)
				break;
			if (off->rgb == 0 && on->rgb != 0) {
				uint64_t d = off->at - on->at;
				blink = d >= 350000 ? "slow" : d > 110000 ? "fast" : "double";
				break;
			}
		}
		k += (size_t)snprintf(out + k, n - k, "%s{\"ch\":%d,\"rgb\":\"%06x\",\"lit\":\"%06x\",\"blink\":\"%s\",\"changes\":[",
				      first ? "" : ",", ch, l->rgb, lit, blink);
		first = 0;
		for (int i = m; i >= 1 && k < n; i--) {
			struct light_change *c = &l->hist[(l->n - i) % LIGHT_HISTORY];
			k += (size_t)snprintf(out + k, n - k, "%s{\"us\":%llu,\"rgb\":\"%06x\"}", i == m ? "" : ",",
					      (unsigned long long)c->at, c->rgb);
		}
		k += (size_t)snprintf(out + k, n - k, "]}");
	}
	if (k < n)
		snprintf(out + k, n - k, "]}");
}

static const char usage[] =
	"press CH[,CH...] [hold=MS] [bounce=0|1]; tile UIDHEX [reader=N] [gone=MS]; reboot; unplug MS; mute MS; "
	"garbage N; lights; state; help";

/* command does one control line; it returns 0 if the answer comes later
 * (a mute answers when the watchdog resets the board). */
static int command(char *line, char *out, size_t n)
{
	char *argv[8];
	int argc = 0;
	for (char *t = strtok(line, " \t"); t && argc < 8; t = strtok(NULL, " \t"))
		argv[argc++] = t;
	if (argc == 0) {
		snprintf(out, n, "{\"error\":\"empty line; try help\"}");
		return 1;
	}
	const char *cmd = argv[0];
	int hold = 80, bounce = 1, reader = 0, gone = 0;
	for (int i = 1; i < argc; i++) {
		sscanf(argv[i], "hold=%d", &hold);
		sscanf(argv[i], "bounce=%d", &bounce);
		sscanf(argv[i], "reader=%d", &reader);
		sscanf(argv[i], "gone=%d", &gone);
	}
	if (!strcmp(cmd, "press")) {
		/* CH, or CH,CH,...: buttons pressed at the same simulated instant
		 * (two players' calls together, however slowly commands come). */
		int chs[MAX_CHANNELS], nch = 0, good = argc >= 2 && hold >= 1;
		for (char *c = good ? argv[1] : NULL; good && c; c = strchr(c, ',') ? strchr(c, ',') + 1 : NULL) {
			good = nch < MAX_CHANNELS && sscanf(c, "%d", &chs[nch]) == 1 && chs[nch] >= 0 &&
			       chs[nch] < DIRECT_BUTTONS + 8 * chain_chips;
			nch++;
		}
		if (!good) {
			snprintf(out, n, "{\"error\":\"press CH[,CH...] [hold=MS]: CH is 0..%d, MS at least 1\"}",
				 DIRECT_BUTTONS + 8 * chain_chips - 1);
			return 1;
		}
		uint64_t edge = mono_us();
		for (int i = 0; i < nch; i++)
			press(avr, chs[i], hold, bounce);
		snprintf(out, n, "{\"ok\":true,\"edge_us\":%llu}", (unsigned long long)edge);
	} else if (!strcmp(cmd, "tile")) {
		uint8_t uid[7];
		int len = argc >= 2 ? (int)strlen(argv[1]) / 2 : 0;
		int good = argc >= 2 && (len == 4 || len == 7) && (int)strlen(argv[1]) == 2 * len && reader >= 0 &&
			   reader < MAX_READERS;
		for (int i = 0; good && i < len; i++) {
			unsigned v;
			good = sscanf(argv[1] + 2 * i, "%2x", &v) == 1;
			uid[i] = (uint8_t)v;
		}
		if (!good) {
			snprintf(out, n, "{\"error\":\"tile UIDHEX [reader=N] [gone=MS]: a 4- or 7-byte UID in hex, reader 0..3\"}");
			return 1;
		}
		place_tag(avr, reader, uid, len, gone);
		snprintf(out, n, "{\"ok\":true,\"placed_us\":%llu}", (unsigned long long)mono_us());
	} else if (!strcmp(cmd, "reboot")) {
		reboots++;
		avr_reset(avr);
		snprintf(out, n, "{\"ok\":true}");
	} else if (!strcmp(cmd, "unplug")) {
		int ms;
		if (argc < 2 || sscanf(argv[1], "%d", &ms) != 1 || ms < 0) {
			snprintf(out, n, "{\"error\":\"unplug MS\"}");
			return 1;
		}
		unplug();
		replug_at = mono_us() + (uint64_t)ms * 1000;
		snprintf(out, n, "{\"ok\":true}");
	} else if (!strcmp(cmd, "mute")) {
		int ms;
		if (argc < 2 || sscanf(argv[1], "%d", &ms) != 1 || ms < 1 || !sym_exit) {
			snprintf(out, n, "{\"error\":\"mute MS: how long to wait for the watchdog\"}");
			return 1;
		}
		/* The main loop hangs: interrupts off, spinning where exit()
		 * spins. Only the watchdog brings the board back. */
		avr->sreg[S_I] = 0;
		avr->pc = sym_exit;
		avr->state = cpu_Running;
		muted = 1;
		mute_at = mono_us();
		mute_deadline = mute_at + (uint64_t)ms * 1000;
		return 0;
	} else if (!strcmp(cmd, "garbage")) {
		int k;
		if (argc < 2 || sscanf(argv[1], "%d", &k) != 1 || k < 1 || k > 4096) {
			snprintf(out, n, "{\"error\":\"garbage N: 1..4096 bytes\"}");
			return 1;
		}
		/* Line noise on both wires, between frames: what the device
		 * sends and what it hears. */
		for (int i = 0; i < k && out_n < (int)sizeof out_buf; i++)
			out_buf[out_n++] = (uint8_t)(i * 73 + 11);
		if (in_off)
			memmove(in_buf, in_buf + in_off, (size_t)(in_n - in_off)), in_n -= in_off, in_off = 0;
		for (int i = 0; i < k && in_n < (int)sizeof in_buf; i++)
			in_buf[in_n++] = (uint8_t)(i * 91 + 7);
		snprintf(out, n, "{\"ok\":true}");
	} else if (!strcmp(cmd, "lights")) {
		json_lights(out, n);
	} else if (!strcmp(cmd, "state")) {
		uint32_t boot = 0;
		for (int i = 0; i < 4; i++)
			boot |= (uint32_t)eeprom_byte(8 + i) << (8 * i);
		int queued = sym_queued ? avr->data[sym_queued] : -1;
		int seq = sym_seq ? avr->data[sym_seq] : -1;
		int stack_free = sym_heap && min_sp != 0xFFFF ? (int)min_sp + 1 - (int)sym_heap : -1;
		snprintf(out, n,
			 "{\"boot_id\":%u,\"device_us\":%llu,\"unacked\":%d,\"seq\":%d,\"resets\":%d,\"reboots\":%d,"
			 "\"watchdog_resets\":%d,\"plugged\":%s,\"stack_free\":%d,\"lag_max_us\":%llu,\"lag_recent_us\":%llu,\"pty\":\"%s\"}",
			 boot, (unsigned long long)((avr->cycle - reset_cycle) / (FREQ / 1000000)), queued, seq, resets,
			 reboots, resets - reboots, plugged ? "true" : "false", stack_free,
			 (unsigned long long)lag_max_us, (unsigned long long)lag_recent_us, plugged ? pts : "");
		lag_recent_us = 0;
	} else if (!strcmp(cmd, "help")) {
		snprintf(out, n, "{\"help\":\"%s\"}", usage);
	} else {
		snprintf(out, n, "{\"error\":\"unknown command %.40s; try help\"}", cmd);
	}
	return 1;
}

static void io(void)
{
	if (!plugged) {
		out_n = 0;
		if (mono_us() >= replug_at)
			plug();
		return;
	}
	if (in_n - in_off < (int)sizeof in_buf / 2) {
		if (in_off)
			memmove(in_buf, in_buf + in_off, (size_t)(in_n - in_off)), in_n -= in_off, in_off = 0;
		ssize_t r = read(master, in_buf + in_n, sizeof in_buf - (size_t)in_n);
		if (r > 0)
			in_n += (int)r;
		host_absent = r < 0 && errno == EIO; /* no one has the port open */
	}
	while (in_off < in_n && !xoff)
		avr_raise_irq(uart_in, in_buf[in_off++]);
	if (out_n) {
		/* A host that does not read loses what does not fit the pty. */
		ssize_t w = write(master, out_buf, (size_t)out_n);
		if (w > 0)
			memmove(out_buf, out_buf + w, (size_t)(out_n - w)), out_n -= (int)w;
		else if (errno == EIO)
			out_n = 0; /* no one has the port open */
		if (out_n > (int)sizeof out_buf / 2)
			out_n = 0;
	}
}

int main(int argc, char **argv)
{
	const char *control = NULL, *elf = NULL;
	double ppm = 0;
	long device_id = -1;
	int chips = 2, readers = 1;
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--link") && i + 1 < argc)
			link_path = argv[++i];
		else if (!strcmp(argv[i], "--control") && i + 1 < argc)
			control = argv[++i];
		else if (!strcmp(argv[i], "--ppm") && i + 1 < argc)
			ppm = atof(argv[++i]);
		else if (!strcmp(argv[i], "--device-id") && i + 1 < argc)
			device_id = strtol(argv[++i], NULL, 16);
		else if (!strcmp(argv[i], "--chips") && i + 1 < argc)
			chips = atoi(argv[++i]);
		else if (!strcmp(argv[i], "--readers") && i + 1 < argc)
			readers = atoi(argv[++i]);
		else if (argv[i][0] != '-' && !elf)
			elf = argv[i];
		else {
			fprintf(stderr, "seat-harness: unknown argument %s\n", argv[i]);
			elf = NULL;
			break;
		}
	}
	if (!elf || !link_path || !control || chips < 0 || chips > 3 || readers < 0 || readers > MAX_READERS) {
		fprintf(stderr, "usage: seat-harness --link PATH --control HOST:PORT [--ppm PPM] [--device-id HEX] "
				"[--chips 0..3] [--readers 0..4] FIRMWARE.elf\n");
		return 2;
	}
	elf_firmware_t fw = {0};
	if (elf_read_firmware(elf, &fw)) {
		fprintf(stderr, "seat-harness: cannot read %s\n", elf);
		return 1;
	}
	avr = avr_make_mcu_by_name("atmega328p");
	if (!avr) {
		fprintf(stderr, "seat-harness: simavr has no atmega328p\n");
		return 1;
	}
	avr_init(avr);
	avr->frequency = FREQ;
	avr->log = LOG_ERROR;
	avr_load_firmware(avr, &fw);
	load_symbols(elf);
	avr->sleep = no_sleep;
	core_reset = avr->reset;
	avr->reset = on_reset;

	uint8_t ee[2] = {(uint8_t)chips, (uint8_t)readers};
	eeprom_set(4, ee, 2);
	if (device_id >= 0) {
		uint8_t id[4] = {(uint8_t)device_id, (uint8_t)(device_id >> 8), (uint8_t)(device_id >> 16),
				 (uint8_t)(device_id >> 24)};
		eeprom_set(0, id, 4);
	}
	uint32_t flags = 0;
	avr_ioctl(avr, AVR_IOCTL_UART_SET_FLAGS('0'), &flags);
	uart_in = avr_io_getirq(avr, AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_INPUT);
	avr_irq_register_notify(avr_io_getirq(avr, AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_OUTPUT), on_uart_out, NULL);
	avr_irq_register_notify(avr_io_getirq(avr, AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_OUT_XOFF), on_xoff, NULL);
	avr_irq_register_notify(avr_io_getirq(avr, AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_OUT_XON), on_xon, NULL);
	parts_init(avr, chips);
	avr_cycle_timer_register(avr, PACE_CYCLES, pace, NULL);

	if (plug() || control_listen(control))
		return 1;
	printf("seat-harness: controller on %s (%s), control %s, %+g ppm\n", link_path, pts, control, ppm);
	fflush(stdout);

	cycles_per_ns = FREQ * (1 + ppm * 1e-6) / 1e9;
	base_ns = mono_ns();
	base_cycle = avr->cycle;
	char line[512], answer[16384];
	for (;;) {
		/* The simulation catches up with the wall clock first; what came
		 * meanwhile (bytes from the host, a command) then acts at now. */
		catch_up();
		if (control_take(line, sizeof line) && command(line, answer, sizeof answer))
			control_answer(answer);
		if (muted && mono_us() > mute_deadline) {
			muted = 0;
			control_answer("{\"error\":\"the watchdog did not reset the board\"}");
		}
		io();
		/* Wake for a byte from the host or a command; else every ms, to
		 * let the simulation's output out. */
		struct pollfd p[2] = {{.fd = control_fd(), .events = POLLIN}, {.fd = master, .events = POLLIN}};
		/* While the device is talking, look every 250 µs: its bytes reach
		 * the host about as late as through a USB adapter. */
		struct timespec ts = {0, mono_us() - last_out_us < 20000 ? 250000 : 1000000};
		if (ppoll(p, plugged && !host_absent ? 2 : 1, &ts, NULL) > 0 && (p[0].revents & POLLIN))
			control_drain();
	}
}
