/*
 * control.c: the TCP control port. One command per line, one JSON object
 * per line back. A connection's thread hands each line to the simulation
 * thread and waits for its answer, so commands act at a point of the
 * simulation, in order.
 */
#define _GNU_SOURCE
#include "harness.h"

#include <fcntl.h>
#include <netdb.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cv = PTHREAD_COND_INITIALIZER;
static char pending[512];
static int has_pending;
static char answer[16384];
static int has_answer;
/* One connection's line at a time. */
static pthread_mutex_t turn = PTHREAD_MUTEX_INITIALIZER;
/* A pipe that wakes the simulation thread for a line. */
static int wake[2] = {-1, -1};

int control_fd(void) { return wake[0]; }

void control_drain(void)
{
	char b[64];
	while (read(wake[0], b, sizeof b) > 0)
		;
}

int control_take(char *line, size_t n)
{
	int got = 0;
	pthread_mutex_lock(&mu);
	if (has_pending) {
		snprintf(line, n, "%s", pending);
		has_pending = 0;
		got = 1;
	}
	pthread_mutex_unlock(&mu);
	return got;
}

void control_answer(const char *json)
{
	pthread_mutex_lock(&mu);
	snprintf(answer, sizeof answer, "%s", json);
	has_answer = 1;
	pthread_cond_broadcast(&cv);
	pthread_mutex_unlock(&mu);
}

static void ask(const char *line, char *out, size_t n)
{
	pthread_mutex_lock(&turn);
	pthread_mutex_lock(&mu);
	snprintf(pending, sizeof pending, "%s", line);
	has_pending = 1;
	has_answer = 0;
	if (write(wake[1], "", 1) < 0) {
		/* The pipe is full: the simulation thread wakes anyway. */
	}
	while (!has_answer)
		pthread_cond_wait(&cv, &mu);
	snprintf(out, n, "%s", answer);
	pthread_mutex_unlock(&mu);
	pthread_mutex_unlock(&turn);
}

static void *serve(void *arg)
{
	int fd = (int)(intptr_t)arg;
	FILE *in = fdopen(fd, "r");
	char line[512];
	static __thread char out[16384 + 2]; /* an answer, and its newline */
	while (in && fgets(line, sizeof line, in)) {
		line[strcspn(line, "\r\n")] = 0;
		ask(line, out, sizeof out - 1);
		size_t len = strlen(out);
		out[len++] = '\n';
		if (write(fd, out, len) != (ssize_t)len)
			break;
	}
	if (in)
		fclose(in);
	else
		close(fd);
	return NULL;
}

static void *accepter(void *arg)
{
	int ln = (int)(intptr_t)arg;
	for (;;) {
		int fd = accept(ln, NULL, NULL);
		if (fd < 0)
			continue;
		pthread_t t;
		if (pthread_create(&t, NULL, serve, (void *)(intptr_t)fd) == 0)
			pthread_detach(t);
		else
			close(fd);
	}
	return NULL;
}

int control_listen(const char *hostport)
{
	if (pipe2(wake, O_NONBLOCK | O_CLOEXEC)) {
		perror("seat-harness: pipe");
		return -1;
	}
	char host[256];
	snprintf(host, sizeof host, "%s", hostport);
	char *colon = strrchr(host, ':');
	if (!colon) {
		fprintf(stderr, "seat-harness: --control %s: want HOST:PORT\n", hostport);
		return -1;
	}
	*colon = 0;
	struct addrinfo hints = {.ai_family = AF_UNSPEC, .ai_socktype = SOCK_STREAM, .ai_flags = AI_PASSIVE}, *ai;
	if (getaddrinfo(host[0] ? host : NULL, colon + 1, &hints, &ai) != 0) {
		fprintf(stderr, "seat-harness: --control %s: cannot resolve\n", hostport);
		return -1;
	}
	int ln = socket(ai->ai_family, SOCK_STREAM, 0);
	int one = 1;
	setsockopt(ln, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
	if (ln < 0 || bind(ln, ai->ai_addr, ai->ai_addrlen) < 0 || listen(ln, 4) < 0) {
		perror("seat-harness: --control");
		freeaddrinfo(ai);
		return -1;
	}
	freeaddrinfo(ai);
	pthread_t t;
	pthread_create(&t, NULL, accepter, (void *)(intptr_t)ln);
	pthread_detach(t);
	return 0;
}
