/* pass_ext_server.c: persistent external pass models,
 * `--model '[NAME=]ext-server:COMMAND'` (protocol in
 * docs/external-models.md).
 *
 * COMMAND starts once per process (/bin/sh -c, its own process group) and
 * answers many programs over its stdin/stdout, so a server that takes
 * seconds to import TileLang pays that once, not per program.  Every frame
 * in both directions is
 *
 *     TAG SP LENGTH LF  PAYLOAD (LENGTH bytes)  LF
 *
 * The server speaks first (`hello`: protocol, pass, version); then each
 * `program` frame gets exactly one `result`, `reject` or `error` frame.
 *
 * Failures come back as PassError, never as a crash of fencefuzz:
 *   PASS_ERR_CRASH       the server died (exit status / signal, with the tail
 *                        of its stderr), or answered `error` (the pass itself
 *                        failed; the server stays up)
 *   PASS_ERR_TIMEOUT     no answer within $FENCEFUZZ_EXT_TIMEOUT seconds, or
 *                        no handshake within $FENCEFUZZ_EXT_START_TIMEOUT
 *   PASS_ERR_UNREADABLE  a framing violation (bad header, unknown tag, wrong
 *                        length, bytes after the frame, a frame cut short),
 *                        or a `result` that does not read as a program with
 *                        the input's function count
 *   PASS_ERR_REJECTED    the server answered `reject`
 * After a crash, a timeout or a framing violation the server is killed (its
 * whole group) and started again for the next program; after the others it
 * stays.  A forked child never uses its parent's server: it starts its own
 * (each campaign worker has one).
 *
 * The same program sent twice in a row gets the first answer again (a cache
 * of the last CACHE_N answers): `check` runs a model for its oracles and
 * again for the differential oracle, and a hang must not cost two timeouts. */
#define _GNU_SOURCE /* F_SETPIPE_SZ */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

#include "ir.h"
#include "pass.h"
#include "pass_ext.h"

enum {
	CACHE_N = 4,      /* answers kept, by program text */
	HEADER_MAX = 32,  /* a header line longer than this is garbage */
	QUOTE_MAX = 400,  /* bytes of a reject/error payload quoted in a message */
};

typedef struct Answer {
	int used;
	StrBuf in;         /* the program text sent */
	StrBuf out;        /* a result: its whole frame, the text at out_off */
	size_t out_off, out_len;
	PassError err;     /* PASS_OK for a result */
} Answer;

typedef struct Server {
	PassModel model;   /* first member: a server model's PassModel is its Server */
	char *spec;        /* as given: "[NAME=]ext-server:COMMAND" */
	pid_t pid;         /* 0: not running */
	pid_t owner;       /* the process that started it */
	int fd_in, fd_out, fd_err;
	char pass[256], version[256]; /* from the handshake */
	long served;       /* programs this instance answered */
	char errtail[PASS_EXT_STDERR_KEEP]; /* the newest stderr bytes */
	size_t nerrtail;
	StrBuf rbuf;       /* stdout bytes not consumed yet (its capacity kept) */
	StrBuf tx;         /* the program being sent (its capacity kept) */
	size_t pipe_cap;   /* capacity of the two pipes (F_GETPIPE_SZ; 0: unknown) */
	Answer cache[CACHE_N];
	int cache_next;
	PassExtProfile *prof; /* NULL: not profiled */
	struct Server *next;
} Server;

static Server *servers;

static Program *run_server(const PassModel *m, const Program *in, PassError *err);

const PassModel *
pass_find_ext_server(const char *spec)
{
	char name[256];
	const char *rest = pass_spec_split(spec, name, sizeof name);
	size_t plen = strlen(PASS_EXT_SERVER_PREFIX);
	for (Server *s = servers; s; s = s->next)
		if (!strcmp(s->spec, spec) || !strcmp(s->model.name, spec))
			return &s->model;
	if (!rest || strncmp(rest, PASS_EXT_SERVER_PREFIX, plen) != 0 || !rest[plen])
		return NULL;
	for (Server *s = servers; s; s = s->next)
		if (!strcmp(s->model.name, name))
			return NULL; /* one NAME, two commands */
	Server *s = calloc(1, sizeof *s);
	char *copy = strdup(spec), *nm = strdup(name);
	if (!s || !copy || !nm) {
		free(s), free(copy), free(nm);
		return NULL;
	}
	s->spec = copy;
	s->model.name = nm;
	s->model.summary = "external server: one process, many programs (docs/external-models.md)";
	s->model.run_program = run_server;
	s->model.contract = "external server: after its hello, answers every framed program "
	                    "with one result, reject or error frame (docs/external-models.md)";
	s->model.cmd = copy + (rest - spec) + plen;
	s->fd_in = s->fd_out = s->fd_err = -1;
	sb_init(&s->rbuf);
	sb_init(&s->tx);
	s->next = servers;
	servers = s;
	return &s->model;
}

/* ---- the process --------------------------------------------------------- */

static void
close_fd(int *fd)
{
	if (*fd >= 0)
		close(*fd);
	*fd = -1;
}

/* Forgets a server inherited through fork(): its pipes are the parent's. */
static void
disown(Server *s)
{
	close_fd(&s->fd_in), close_fd(&s->fd_out), close_fd(&s->fd_err);
	s->pid = 0;
	s->rbuf.len = 0;
}

/* Kills the server's whole group and reaps it; *status gets its wait status
 * (when status is given). */
static void
kill_server(Server *s, int *status)
{
	if (s->pid > 0 && s->owner == getpid()) {
		kill(-s->pid, SIGKILL);
		kill(s->pid, SIGKILL);
		int st = 0;
		while (waitpid(s->pid, &st, 0) < 0 && errno == EINTR)
			;
		if (status)
			*status = st;
	}
	disown(s);
}

static void
keep_stderr(Server *s, const char *p, size_t n)
{
	size_t cap = sizeof s->errtail;
	if (n >= cap) {
		memcpy(s->errtail, p + n - cap, cap);
		s->nerrtail = cap;
		return;
	}
	if (s->nerrtail + n > cap) {
		size_t drop = s->nerrtail + n - cap;
		memmove(s->errtail, s->errtail + drop, s->nerrtail - drop);
		s->nerrtail -= drop;
	}
	memcpy(s->errtail + s->nerrtail, p, n);
	s->nerrtail += n;
}

static void
drain_stderr(Server *s)
{
	char buf[4096];
	ssize_t k;
	while (s->fd_err >= 0 && (k = read(s->fd_err, buf, sizeof buf)) != 0) {
		if (k < 0) {
			if (errno == EINTR)
				continue;
			if (errno != EAGAIN)
				close_fd(&s->fd_err);
			return;
		}
		keep_stderr(s, buf, (size_t)k);
	}
	if (s->fd_err >= 0)
		close_fd(&s->fd_err); /* EOF */
}

static int
set_flags(int fd)
{
	return fcntl(fd, F_SETFD, FD_CLOEXEC) < 0 || fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) < 0;
}

static int
spawn(Server *s, PassError *err)
{
	int pin[2] = {-1, -1}, pout[2] = {-1, -1}, perr[2] = {-1, -1};
	if (pipe(pin) || pipe(pout) || pipe(perr)) {
		snprintf(err->msg, sizeof err->msg, "server `%s`: pipe: %s", s->model.cmd, strerror(errno));
		for (int i = 0; i < 2; i++)
			close_fd(&pin[i]), close_fd(&pout[i]), close_fd(&perr[i]);
		err->kind = PASS_ERR_CRASH;
		return -1;
	}
	fflush(NULL); /* the child must not flush our buffers again */
	pid_t pid = fork();
	if (pid < 0) {
		snprintf(err->msg, sizeof err->msg, "server `%s`: fork: %s", s->model.cmd, strerror(errno));
		for (int i = 0; i < 2; i++)
			close_fd(&pin[i]), close_fd(&pout[i]), close_fd(&perr[i]);
		err->kind = PASS_ERR_CRASH;
		return -1;
	}
	if (pid == 0) {
		setpgid(0, 0);
#ifdef __linux__
		prctl(PR_SET_PDEATHSIG, SIGKILL); /* a killed worker takes its server along */
#endif
		signal(SIGPIPE, SIG_DFL);
		signal(SIGINT, SIG_IGN); /* Ctrl-C is for fencefuzz, which ends the server */
		dup2(pin[0], 0), dup2(pout[1], 1), dup2(perr[1], 2);
		for (int i = 0; i < 2; i++)
			close(pin[i]), close(pout[i]), close(perr[i]);
		/* A simple command is exec'd by the shell, so that the server itself is
		 * our child and dies with us (PR_SET_PDEATHSIG survives exec). */
		const char *cmd = s->model.cmd, *first_space = strpbrk(cmd, " \t");
		const char *eq = strchr(cmd, '=');
		int simple = !strpbrk(cmd, ";&|()`\n") && (!eq || (first_space && eq > first_space));
		size_t n = strlen(cmd);
		char *line = simple ? malloc(n + 6) : NULL;
		if (line) {
			memcpy(line, "exec ", 5);
			memcpy(line + 5, cmd, n + 1);
			cmd = line;
		}
		execl("/bin/sh", "sh", "-c", cmd, (char *)NULL);
		_exit(127);
	}
	setpgid(pid, pid); /* also here: no race with a kill of the group */
	close(pin[0]), close(pout[1]), close(perr[1]);
	s->pid = pid;
	s->owner = getpid();
	s->fd_in = pin[1], s->fd_out = pout[0], s->fd_err = perr[0];
	set_flags(s->fd_in), set_flags(s->fd_out), set_flags(s->fd_err);
	s->rbuf.len = 0;
	s->nerrtail = 0;
	s->served = 0;
	s->pipe_cap = 0;
#ifdef F_GETPIPE_SZ
	int pc = fcntl(s->fd_in, F_GETPIPE_SZ);
	s->pipe_cap = pc > 0 ? (size_t)pc : 0;
#endif
	s->pass[0] = s->version[0] = 0;
	return 0;
}

/* ---- frames -------------------------------------------------------------- */

/* The clock, when profiling. */
static double
tick(const Server *s)
{
	return s->prof ? pass_ext_now() : 0;
}

/* This thread's CPU seconds, when profiling. */
static double
cpu_tick(const Server *s)
{
	if (!s->prof)
		return 0;
	struct timespec ts;
	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	s->prof->clock_reads++;
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

typedef enum { IO_FRAME, IO_EOF, IO_TIMEOUT, IO_BAD } IoResult;

/* A complete frame at the head of s->rbuf: 1 and its parts; 0 when more
 * bytes are needed (*len: the payload length, once the header is in);
 * -1 (why in bad) when the bytes cannot be a frame. */
static int
parse_frame(Server *s, char *tag, size_t tagcap, size_t *off, size_t *len, char *bad, size_t badcap)
{
	const char *p = s->rbuf.p;
	size_t n = s->rbuf.len, i = 0;
	while (i < n && i < HEADER_MAX && p[i] != '\n')
		i++;
	if (i == n && n < HEADER_MAX)
		return 0;
	if (i >= HEADER_MAX || i == n) {
		snprintf(bad, badcap, "no frame header in its first %d bytes: \"%.*s\"", HEADER_MAX,
		         HEADER_MAX, p);
		return -1;
	}
	size_t t = 0;
	while (t < i && p[t] >= 'a' && p[t] <= 'z')
		t++;
	size_t d = t + 1, v = 0;
	int digits = 0;
	while (d < i && p[d] >= '0' && p[d] <= '9' && digits < 10)
		v = v * 10 + (size_t)(p[d++] - '0'), digits++;
	if (t == 0 || t >= tagcap || p[t] != ' ' || !digits || d != i) {
		snprintf(bad, badcap, "bad frame header \"%.*s\" (want TAG LENGTH)", (int)i, p);
		return -1;
	}
	if (v > PASS_EXT_OUTPUT_CAP) {
		snprintf(bad, badcap, "frame of %zu bytes announced (more than %zu MiB)", v,
		         PASS_EXT_OUTPUT_CAP >> 20);
		return -1;
	}
	if (n < i + 1 + v + 1) {
		*len = v; /* announced: the reader makes room for it */
		return 0;
	}
	if (p[i + 1 + v] != '\n') {
		snprintf(bad, badcap, "%.*s frame: byte %zu after its %zu announced is not the closing newline "
		         "(wrong length)", (int)t, p, v + 1, v);
		return -1;
	}
	memcpy(tag, p, t);
	tag[t] = 0;
	*off = i + 1;
	*len = v;
	return 1;
}

/* Room for extra more bytes in sb; -1 when out of memory. */
static int
reserve(StrBuf *sb, size_t extra)
{
	if (sb->cap > sb->len && sb->cap - sb->len > extra)
		return 0;
	size_t cap = sb->cap ? sb->cap : 4096;
	while (cap <= sb->len + extra)
		cap *= 2;
	char *p = realloc(sb->p, cap);
	if (!p)
		return -1;
	sb->p = p;
	sb->cap = cap;
	return 0;
}

/* Writes what is left of the request (iov[0..*niov), *pending bytes) as far
 * as the pipe takes it, in one writev; -1 when the server is gone (EPIPE). */
static int
send_some(Server *s, struct iovec **iov, int *niov, size_t *pending)
{
	double t0 = tick(s);
	ssize_t w = writev(s->fd_in, *iov, *niov);
	if (s->prof)
		s->prof->writes++, s->prof->send += pass_ext_now() - t0;
	if (w < 0)
		return errno == EAGAIN || errno == EINTR ? 0 : -1;
	*pending -= (size_t)w;
	while (*niov > 0 && (size_t)w >= (*iov)->iov_len)
		w -= (ssize_t)(*iov)->iov_len, ++*iov, --*niov;
	if (*niov > 0) {
		(*iov)->iov_base = (char *)(*iov)->iov_base + w;
		(*iov)->iov_len -= (size_t)w;
	}
	return 0;
}

enum { READ_CHUNK = 65536 }; /* a pipe's default capacity: what one read can get */

/* Writes the request iov[0..niov) (may be empty) while reading s->fd_out,
 * until one frame is complete at the head of s->rbuf or the deadline
 * passes.  The request is written first, without a poll (a pipe with room
 * takes it at once); then each poll waits for the answer (or for room, or
 * for stderr), and each read takes what the pipe holds, straight into
 * s->rbuf. */
static IoResult
exchange(Server *s, struct iovec *iov, int niov, double deadline, char *tag, size_t tagcap,
         size_t *off, size_t *len, char *bad, size_t badcap)
{
	size_t nout = 0, pending;
	for (int i = 0; i < niov; i++)
		nout += iov[i].iov_len;
	pending = nout;
	if (pending && send_some(s, &iov, &niov, &pending))
		return IO_EOF; /* EPIPE: it is gone */
	for (;;) {
		int r = parse_frame(s, tag, tagcap, off, len, bad, badcap);
		if (r < 0)
			return IO_BAD;
		if (r > 0) {
			if (pending) {
				snprintf(bad, badcap, "answered before reading the whole request (%zu of %zu bytes)",
				         nout - pending, nout);
				return IO_BAD;
			}
			if (s->rbuf.len > *off + *len + 1) {
				snprintf(bad, badcap, "%zu bytes after its %s frame", s->rbuf.len - (*off + *len + 1), tag);
				return IO_BAD;
			}
			return IO_FRAME;
		}
		double left = deadline - pass_ext_now();
		if (left <= 0)
			return IO_TIMEOUT;
		struct pollfd pf[3];
		int np = 0, ii = -1, io = -1, ie = -1;
		if (pending && s->fd_in >= 0)
			ii = np, pf[np++] = (struct pollfd){.fd = s->fd_in, .events = POLLOUT};
		io = np, pf[np++] = (struct pollfd){.fd = s->fd_out, .events = POLLIN};
		if (s->fd_err >= 0)
			ie = np, pf[np++] = (struct pollfd){.fd = s->fd_err, .events = POLLIN};
		double t0 = tick(s);
		int k = poll(pf, (nfds_t)np, (int)(left * 1000) + 1);
		if (s->prof) {
			s->prof->polls++;
			*(pending ? &s->prof->send : &s->prof->wait) += pass_ext_now() - t0;
		}
		if (k < 0) {
			if (errno == EINTR)
				continue;
			return IO_EOF;
		}
		if (ie >= 0 && pf[ie].revents)
			drain_stderr(s);
		if (ii >= 0 && pf[ii].revents && send_some(s, &iov, &niov, &pending))
			return IO_EOF;
		if (pf[io].revents) {
			/* Room for what the pipe can hold, and for the whole frame once its
			 * header is in: one read takes all the server wrote. */
			size_t room = s->pipe_cap > READ_CHUNK ? s->pipe_cap : READ_CHUNK;
			if (*len > room && *len <= PASS_EXT_OUTPUT_CAP)
				room = *len + 64;
			if (reserve(&s->rbuf, room)) {
				snprintf(bad, badcap, "out of memory reading a frame");
				return IO_BAD;
			}
			t0 = tick(s);
			ssize_t got = read(s->fd_out, s->rbuf.p + s->rbuf.len, s->rbuf.cap - s->rbuf.len - 1);
			if (s->prof)
				s->prof->reads++, s->prof->recv += pass_ext_now() - t0;
			if (got < 0 && (errno == EAGAIN || errno == EINTR))
				continue;
			if (got <= 0)
				return IO_EOF;
			if (s->rbuf.len + (size_t)got > PASS_EXT_OUTPUT_CAP + 64) {
				snprintf(bad, badcap, "more than %zu MiB in one frame", PASS_EXT_OUTPUT_CAP >> 20);
				return IO_BAD;
			}
			s->rbuf.len += (size_t)got;
			s->rbuf.p[s->rbuf.len] = 0;
		}
	}
}

/* Drops the frame at the head of s->rbuf. */
static void
consume(Server *s, size_t off, size_t len)
{
	size_t n = off + len + 1;
	memmove(s->rbuf.p, s->rbuf.p + n, s->rbuf.len - n);
	s->rbuf.len -= n;
}

/* msg += ": " + text as one line (newlines as " | "), at most QUOTE_MAX bytes. */
static void
quote(char *msg, size_t cap, const char *text, size_t n)
{
	size_t len = strlen(msg);
	int started = 0;
	for (size_t i = 0; i < n && i < QUOTE_MAX && len + 8 < cap; i++) {
		char c = text[i];
		if (c == '\n' || c == '\r') {
			if (started && i + 1 < n && text[i + 1] != '\n')
				msg[len++] = ' ', msg[len++] = '|', msg[len++] = ' ';
			continue;
		}
		if (!started)
			msg[len++] = ':', msg[len++] = ' ', started = 1;
		msg[len++] = (c == '\t' || (unsigned char)c < 32) ? ' ' : c;
	}
	if (n > QUOTE_MAX && len + 4 < cap)
		msg[len++] = '.', msg[len++] = '.', msg[len++] = '.';
	msg[len] = 0;
}

static void
set_err(PassError *err, PassErrorKind kind, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

static void
set_err(PassError *err, PassErrorKind kind, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(err->msg, sizeof err->msg, fmt, ap);
	va_end(ap);
	err->kind = kind;
}

/* The server failed at the transport level (what says when: "before its
 * handshake", "on its 12th program"): kill it and say why, with the tail of
 * its stderr. */
static void
transport_failure(Server *s, IoResult r, const char *what, double limit, const char *limit_env,
                  const char *bad, PassError *err)
{
	int status = 0, exited = 0;
	if (r == IO_EOF && s->pid > 0) {
		/* It closed its stdout, most likely exiting: give it a moment to be reaped. */
		double until = pass_ext_now() + 1.0;
		while (pass_ext_now() < until) {
			pid_t w = waitpid(s->pid, &status, WNOHANG);
			if (w == s->pid) {
				exited = 1;
				break;
			}
			if (w < 0 && errno != EINTR)
				break;
			struct timespec ts = {0, 2000000};
			nanosleep(&ts, NULL);
		}
	}
	size_t partial = s->rbuf.len;
	drain_stderr(s);
	if (exited) {
		kill(-s->pid, SIGKILL); /* reaped: what it left in its group goes too */
		s->pid = 0;
		disown(s);
	} else {
		kill_server(s, &status);
	}
	const char *cmd = s->model.cmd;
	if (r == IO_BAD)
		set_err(err, PASS_ERR_UNREADABLE, "server `%s` broke the framing %s: %s; killed", cmd, what, bad);
	else if (r == IO_TIMEOUT && partial)
		set_err(err, PASS_ERR_UNREADABLE,
		        "server `%s` sent %zu bytes of a frame %s, then nothing for %g s (a frame shorter "
		        "than its header says?); killed", cmd, partial, what, limit);
	else if (r == IO_TIMEOUT)
		set_err(err, PASS_ERR_TIMEOUT, "server `%s` gave no answer %s within %g s (%s); killed",
		        cmd, what, limit, limit_env);
	else if (exited && WIFSIGNALED(status))
		set_err(err, PASS_ERR_CRASH, "server `%s` killed by signal %d (%s) %s", cmd,
		        WTERMSIG(status), strsignal(WTERMSIG(status)), what);
	else if (exited)
		set_err(err, PASS_ERR_CRASH, "server `%s` exited with status %d %s%s", cmd,
		        WEXITSTATUS(status), what,
		        WEXITSTATUS(status) == 127 ? " (command not found?)" : "");
	else
		set_err(err, PASS_ERR_CRASH, "server `%s` closed its stdout %s; killed", cmd, what);
	if (s->nerrtail) {
		/* The newest lines are the telling ones (a Python traceback ends with the error). */
		size_t from = s->nerrtail > 600 ? s->nerrtail - 600 : 0;
		while (from > 0 && from < s->nerrtail && s->errtail[from - 1] != '\n')
			from++;
		pass_ext_append_stderr(err->msg, sizeof err->msg, s->errtail + from, s->nerrtail - from);
	}
}

/* The handshake's "key value" lines. */
static int
parse_hello(Server *s, const char *p, size_t n, char *bad, size_t badcap)
{
	int protocol = 0;
	s->pass[0] = s->version[0] = 0;
	for (size_t i = 0; i < n;) {
		size_t e = i;
		while (e < n && p[e] != '\n')
			e++;
		size_t k = i;
		while (k < e && p[k] != ' ')
			k++;
		size_t vlen = k < e ? e - k - 1 : 0;
		const char *v = p + k + 1;
		if (k - i == 8 && !memcmp(p + i, "protocol", 8))
			protocol = (vlen == 1 && v[0] == '1') ? 1 : -1;
		else if (k - i == 4 && !memcmp(p + i, "pass", 4))
			snprintf(s->pass, sizeof s->pass, "%.*s", (int)vlen, v);
		else if (k - i == 7 && !memcmp(p + i, "version", 7))
			snprintf(s->version, sizeof s->version, "%.*s", (int)vlen, v);
		i = e + 1;
	}
	if (protocol != 1)
		snprintf(bad, badcap, protocol ? "it speaks another protocol version (fencefuzz speaks 1)"
		                               : "its hello has no 'protocol 1' line");
	else if (!s->pass[0] || !s->version[0])
		snprintf(bad, badcap, "its hello lacks a 'pass NAME' or 'version TEXT' line");
	else
		return 0;
	return -1;
}

static int
start(Server *s, PassError *err)
{
	if (spawn(s, err))
		return -1;
	double limit = pass_ext_seconds("FENCEFUZZ_EXT_START_TIMEOUT", PASS_EXT_START_TIMEOUT_DEFAULT);
	char tag[16], bad[512];
	size_t off = 0, len = 0;
	IoResult r = exchange(s, NULL, 0, pass_ext_now() + limit, tag, sizeof tag, &off, &len, bad,
	                      sizeof bad);
	if (r == IO_FRAME && strcmp(tag, "hello"))
		snprintf(bad, sizeof bad, "its first frame is '%s', not 'hello'", tag), r = IO_BAD;
	if (r == IO_FRAME && parse_hello(s, s->rbuf.p + off, len, bad, sizeof bad))
		r = IO_BAD;
	if (r != IO_FRAME) {
		transport_failure(s, r, "before its handshake", limit, "FENCEFUZZ_EXT_START_TIMEOUT", bad, err);
		return -1;
	}
	consume(s, off, len);
	return 0;
}

static void
stop(Server *s)
{
	if (s->pid <= 0)
		return;
	if (s->owner != getpid()) {
		disown(s);
		return;
	}
	close_fd(&s->fd_in); /* EOF: a server exits on it */
	double until = pass_ext_now() + 0.5;
	while (pass_ext_now() < until) {
		pid_t w = waitpid(s->pid, NULL, WNOHANG);
		if (w == s->pid || (w < 0 && errno != EINTR)) {
			kill(-s->pid, SIGKILL); /* whatever it left in its group */
			s->pid = 0;
			disown(s);
			return;
		}
		struct timespec ts = {0, 1000000};
		nanosleep(&ts, NULL);
	}
	kill_server(s, NULL);
}

void
pass_ext_server_stop_all(void)
{
	for (Server *s = servers; s; s = s->next)
		stop(s);
}

static void
stop_at_exit(void)
{
	pass_ext_server_stop_all();
}

/* Running and ours, or started now. */
static int
ensure_started(Server *s, PassError *err)
{
	static int registered;
	if (s->pid > 0 && s->owner != getpid())
		disown(s);
	if (s->pid > 0)
		return 0;
	if (!registered) {
		atexit(stop_at_exit);
		registered = 1;
	}
	return start(s, err);
}

int
pass_ext_server_hello(const PassModel *m, char *out, size_t cap, PassError *err)
{
	if (m->run_program != run_server)
		return 1;
	Server *s = (Server *)m;
	struct sigaction ign, old;
	memset(&ign, 0, sizeof ign);
	ign.sa_handler = SIG_IGN;
	sigemptyset(&ign.sa_mask);
	sigaction(SIGPIPE, &ign, &old);
	int rc = ensure_started(s, err);
	sigaction(SIGPIPE, &old, NULL);
	if (rc)
		return -1;
	snprintf(out, cap, "%s (pass %s)", s->version, s->pass);
	return 0;
}

static void
put_json_string(StrBuf *sb, const char *s)
{
	sb_putc(sb, '"');
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;
		if (c == '"' || c == '\\')
			sb_putc(sb, '\\'), sb_putc(sb, (char)c);
		else if (c < 0x20)
			sb_printf(sb, "\\u%04x", c);
		else
			sb_putc(sb, (char)c);
	}
	sb_putc(sb, '"');
}

int
pass_ext_server_versions(const PassModel *const *models, int n, char *out, size_t cap,
                         PassError *err)
{
	StrBuf sb;
	sb_init(&sb);
	int rc = 0, any = 0;
	for (int i = 0; i < n && !rc; i++) {
		char v[600];
		int r = pass_ext_server_hello(models[i], v, sizeof v, err);
		if (r < 0) {
			char why[sizeof err->msg];
			memcpy(why, err->msg, sizeof why);
			int k = snprintf(err->msg, sizeof err->msg, "model %.200s does not start: ", models[i]->name);
			if (k > 0 && (size_t)k < sizeof err->msg) {
				size_t room = sizeof err->msg - (size_t)k - 1, wl = strlen(why);
				memcpy(err->msg + k, why, wl < room ? wl : room);
				err->msg[(size_t)k + (wl < room ? wl : room)] = 0;
			}
			rc = -1;
		} else if (r == 0) {
			sb_puts(&sb, any ? ", " : "{");
			put_json_string(&sb, models[i]->name);
			sb_puts(&sb, ": ");
			put_json_string(&sb, v);
			any = 1;
		}
	}
	if (any)
		sb_putc(&sb, '}');
	pass_ext_server_stop_all();
	if (!rc && sb.len >= cap) {
		set_err(err, PASS_ERR_CRASH, "the models' versions take more than %zu bytes", cap);
		rc = -1;
	}
	if (!rc) {
		memcpy(out, sb.p ? sb.p : "", sb.len);
		out[sb.len] = 0;
	}
	sb_free(&sb);
	return rc;
}

/* ---- one program --------------------------------------------------------- */

static Answer *
cached(Server *s, const char *text, size_t n)
{
	for (int i = 0; i < CACHE_N; i++) {
		Answer *a = &s->cache[i];
		if (a->used && a->in.len == n && !memcmp(a->in.p, text, n))
			return a;
	}
	return NULL;
}

static void
swap_buf(StrBuf *a, StrBuf *b)
{
	StrBuf t = *a;
	*a = *b;
	*b = t;
}

/* The answer to s->tx: the result frame at the head of s->rbuf, its text at
 * off, len bytes (err NULL), or the failure *err.  Nothing is copied: the
 * slot takes s->tx's and (for a result) s->rbuf's storage and leaves them
 * its own (emptied; freed when large) for the next program. */
static void
remember(Server *s, size_t off, size_t len, const PassError *err)
{
	Answer *a = &s->cache[s->cache_next];
	s->cache_next = (s->cache_next + 1) % CACHE_N;
	swap_buf(&a->in, &s->tx);
	s->tx.len = 0;
	if (err) {
		a->err = *err;
	} else {
		swap_buf(&a->out, &s->rbuf);
		s->rbuf.len = 0;
		a->out_off = off, a->out_len = len;
		a->err.kind = PASS_OK;
	}
	if (s->tx.cap > ((size_t)1 << 20))
		sb_free(&s->tx);
	if (s->rbuf.cap > ((size_t)1 << 20))
		sb_free(&s->rbuf);
	a->used = 1;
}

static Program *
answer(Server *s, const Program *in, const char *out, size_t nout, PassError *err)
{
	return pass_ext_read_output("server ", s->model.cmd, in, out, nout, "", 0, err);
}

static const char *
ordinal_suffix(long n)
{
	if (n % 100 >= 11 && n % 100 <= 13)
		return "th";
	return n % 10 == 1 ? "st" : n % 10 == 2 ? "nd" : n % 10 == 3 ? "rd" : "th";
}

/* Pipes that hold a whole frame of n bytes each way, as far as the system
 * lets them grow (PIPE_MAX; F_SETPIPE_SZ): the request then goes in one
 * write, and the answer comes in one read, without the two processes
 * waking each other once per pipeful.  A refusal leaves them as they are. */
enum { PIPE_MAX = 1 << 20 };

static void
fit_pipes(Server *s, size_t n)
{
#ifdef F_SETPIPE_SZ
	if (!s->pipe_cap || n <= s->pipe_cap || s->pipe_cap >= PIPE_MAX)
		return;
	size_t want = s->pipe_cap;
	while (want < n && want < PIPE_MAX)
		want *= 2;
	int a = fcntl(s->fd_in, F_SETPIPE_SZ, (int)want);
	int b = fcntl(s->fd_out, F_SETPIPE_SZ, (int)want);
	if (a > 0 && b > 0)
		s->pipe_cap = (size_t)(a < b ? a : b);
	else
		s->pipe_cap = PIPE_MAX; /* refused: do not ask again for this instance */
#else
	(void)s, (void)n;
#endif
}

/* Sends s->tx as a program frame and takes the answer. */
static Program *
request(Server *s, const Program *in, PassError *err)
{
	if (ensure_started(s, err))
		return NULL; /* not remembered: the next program tries a new start */
	/* One writev: header, the text (its final LF included), the LF closing the frame. */
	char head[48];
	int nh = snprintf(head, sizeof head, "program %zu\n", s->tx.len);
	struct iovec iov[3] = {
		{head, (size_t)nh},
		{s->tx.p ? s->tx.p : (char *)"", s->tx.len},
		{(char *)"\n", 1},
	};
	fit_pipes(s, (size_t)nh + s->tx.len + 1);
	double limit = pass_ext_seconds("FENCEFUZZ_EXT_TIMEOUT", PASS_EXT_TIMEOUT_DEFAULT);
	char tag[16], bad[512], what[64];
	size_t off = 0, len = 0;
	long nth = s->served + 1;
	double c0 = cpu_tick(s);
	IoResult r = exchange(s, iov, 3, pass_ext_now() + limit, tag, sizeof tag, &off, &len, bad, sizeof bad);
	if (s->prof)
		s->prof->cpu_io += cpu_tick(s) - c0;
	if (r == IO_FRAME && !strcmp(tag, "result")) {
		s->served++;
		/* The frame is all s->rbuf holds (more is a framing violation). */
		Answer *a = &s->cache[s->cache_next];
		remember(s, off, len, NULL);
		double t1 = tick(s), c1 = cpu_tick(s);
		Program *q = answer(s, in, a->out.p + off, len, err);
		if (s->prof)
			s->prof->read_back += pass_ext_now() - t1, s->prof->cpu_read_back += cpu_tick(s) - c1;
		return q;
	}
	snprintf(what, sizeof what, "on its %ld%s program", nth, ordinal_suffix(nth));
	int known = r == IO_FRAME && (!strcmp(tag, "reject") || !strcmp(tag, "error"));
	if (r == IO_FRAME && !known)
		snprintf(bad, sizeof bad, "answered with a '%s' frame (want result, reject or error)", tag), r = IO_BAD;
	PassError e = {.kind = PASS_OK};
	if (r != IO_FRAME) {
		transport_failure(s, r, what, limit, "FENCEFUZZ_EXT_TIMEOUT", bad, &e);
		remember(s, 0, 0, &e);
		*err = e;
		return NULL;
	}
	s->served++;
	if (!strcmp(tag, "reject"))
		set_err(&e, PASS_ERR_REJECTED, "server `%s` refused the program", s->model.cmd);
	else
		set_err(&e, PASS_ERR_CRASH, "server `%s` says the pass failed %s", s->model.cmd, what);
	quote(e.msg, sizeof e.msg, s->rbuf.p + off, len);
	remember(s, 0, 0, &e);
	*err = e;
	consume(s, off, len);
	return NULL;
}

static Program *
run_server(const PassModel *m, const Program *in, PassError *err)
{
	Server *s = (Server *)m;
	double t0 = tick(s), c0 = cpu_tick(s);
	s->tx.len = 0; /* storage left by an earlier program (remember) */
	ir_print_program(&s->tx, in);
	sb_putc(&s->tx, '\n');
	if (s->prof)
		s->prof->print += pass_ext_now() - t0, s->prof->cpu_print += cpu_tick(s) - c0;
	Answer *a = cached(s, s->tx.p, s->tx.len);
	if (a) {
		if (s->prof) /* a cache hit is not a request */
			s->prof->print -= pass_ext_now() - t0, s->prof->cpu_print -= cpu_tick(s) - c0;
		if (a->err.kind != PASS_OK) {
			*err = a->err;
			return NULL;
		}
		return answer(s, in, a->out.p + a->out_off, a->out_len, err);
	}
	struct sigaction ign, old;
	memset(&ign, 0, sizeof ign);
	ign.sa_handler = SIG_IGN;
	sigemptyset(&ign.sa_mask);
	sigaction(SIGPIPE, &ign, &old); /* a dead server's stdin: EPIPE, not death */
	Program *q = request(s, in, err);
	sigaction(SIGPIPE, &old, NULL);
	if (s->prof)
		s->prof->programs++, s->prof->total += pass_ext_now() - t0, s->prof->cpu_total += cpu_tick(s) - c0;
	return q;
}

int
pass_ext_server_profile(const PassModel *m, PassExtProfile *p)
{
	if (m->run_program != run_server)
		return -1;
	Server *s = (Server *)m;
	if (p)
		memset(p, 0, sizeof *p);
	s->prof = p;
	return 0;
}
