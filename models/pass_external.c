/* pass_external.c: external pass models, `--model 'ext:COMMAND'` (docs/semantics.md §4.5).
 *
 * COMMAND runs through /bin/sh -c once per PROGRAM (the model interface is
 * per function; an external model implements PassModel.run_program instead).
 * The canonical TVMScript of the whole input program goes to its stdin; its
 * stdout is read back with ir_read into the input's arena.  The parent writes
 * stdin and reads stdout/stderr concurrently (fork/exec, non-blocking pipes,
 * poll), so neither a large program nor a large output can deadlock, and a
 * command that does not read its stdin is no error in itself (SIGPIPE is
 * ignored around the run: the write just stops at EPIPE).
 *
 * The command runs in its own process group; past the timeout
 * ($FENCEFUZZ_EXT_TIMEOUT seconds, default 10) the whole group is killed.
 * Every failure is returned as a PassError, never a crash of fencefuzz:
 *   PASS_ERR_CRASH       exit status != 0, or killed by a signal
 *   PASS_ERR_TIMEOUT     ran past the timeout
 *   PASS_ERR_UNREADABLE  the output does not read, or has another number of
 *                        functions than the input
 * The message names the status / signal / reader diagnostic, then the first
 * lines of the command's stderr. */
#define _DEFAULT_SOURCE
#include <errno.h>
#include <stdarg.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "ir.h"
#include "pass.h"
#include "pass_ext.h"

enum {
	STDERR_KEEP = PASS_EXT_STDERR_KEEP,
	STDERR_LINES = 3,                 /* lines of it quoted in a message */
};
#define OUTPUT_CAP PASS_EXT_OUTPUT_CAP

/* The ext models looked up so far.  Reachable from this static list, so they
 * are not leaks; a name looked up twice gives the same model. */
typedef struct ExtModel {
	PassModel model;
	char *spec;            /* as given: "[NAME=]ext:COMMAND" */
	struct ExtModel *next;
} ExtModel;
static ExtModel *ext_models;

static Program *run_external(const PassModel *m, const Program *in, PassError *err);

const PassModel *
pass_find_external(const char *spec)
{
	char name[256];
	const char *rest = pass_spec_split(spec, name, sizeof name);
	size_t plen = strlen(PASS_EXT_PREFIX);
	for (ExtModel *e = ext_models; e; e = e->next)
		if (!strcmp(e->spec, spec) || !strcmp(e->model.name, spec))
			return &e->model;
	if (!rest || strncmp(rest, PASS_EXT_PREFIX, plen) != 0 || !rest[plen])
		return NULL;
	for (ExtModel *e = ext_models; e; e = e->next)
		if (!strcmp(e->model.name, name))
			return NULL; /* one NAME, two commands */
	ExtModel *e = calloc(1, sizeof *e);
	char *copy = strdup(spec), *nm = strdup(name);
	if (!e || !copy || !nm) {
		free(e), free(copy), free(nm);
		return NULL;
	}
	e->spec = copy;
	e->model.name = nm;
	e->model.summary = "external: a command, TVMScript on stdin -> TVMScript on stdout";
	e->model.run_program = run_external;
	e->model.cmd = copy + (rest - spec) + plen;
	e->next = ext_models;
	ext_models = e;
	return &e->model;
}

double
pass_ext_seconds(const char *env, double dflt)
{
	const char *s = getenv(env);
	if (s && *s) {
		char *end;
		double t = strtod(s, &end);
		if (*end == 0 && t > 0)
			return t;
	}
	return dflt;
}

static double
timeout_seconds(void)
{
	return pass_ext_seconds("FENCEFUZZ_EXT_TIMEOUT", PASS_EXT_TIMEOUT_DEFAULT);
}

double
pass_ext_now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

#define now_s pass_ext_now

static void
set_flags(int fd, int nonblock)
{
	fcntl(fd, F_SETFD, FD_CLOEXEC);
	if (nonblock)
		fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK);
}

void
pass_ext_append_stderr(char *msg, size_t cap, const char *err, size_t n)
{
	size_t len = strlen(msg), i = 0;
	int lines = 0;
	while (i < n && (err[i] == '\n' || err[i] == '\r'))
		i++;
	if (i >= n)
		return;
	len += (size_t)snprintf(msg + len, len < cap ? cap - len : 0, "; stderr: ");
	while (i < n && lines < STDERR_LINES && len + 8 < cap) {
		char c = err[i++];
		if (c == '\n') {
			while (i < n && err[i] == '\n')
				i++;
			if (i < n && ++lines < STDERR_LINES) {
				msg[len++] = ' ', msg[len++] = '|', msg[len++] = ' ';
			}
			continue;
		}
		msg[len++] = (c == '\t' || c == '\r') ? ' ' : c;
	}
	if (i < n && len + 4 < cap)
		msg[len++] = '.', msg[len++] = '.', msg[len++] = '.';
	msg[len < cap ? len : cap - 1] = 0;
}

static Program *
fail(PassError *err, PassErrorKind kind, const char *errbuf, size_t nerr, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));

static Program *
fail(PassError *err, PassErrorKind kind, const char *errbuf, size_t nerr, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(err->msg, sizeof err->msg, fmt, ap);
	va_end(ap);
	pass_ext_append_stderr(err->msg, sizeof err->msg, errbuf, nerr);
	err->kind = kind;
	return NULL;
}

Program *
pass_ext_read_output(const char *who, const char *cmd, const Program *in, const char *text,
                     size_t len, const char *errbuf, size_t nerr, PassError *err)
{
	Diag d = {0};
	Program *q = ir_read(in->arena, "<model output>", text ? text : "", len, &d);
	char *nl = strchr(d.msg, '\n'); /* the quoted source line and caret: not in one line */
	if (nl)
		*nl = 0;
	if (!q && d.line > 0)
		return fail(err, PASS_ERR_UNREADABLE, errbuf, nerr,
		            "%s`%s` printed an unreadable program: %s:%d:%d: %s", who, cmd,
		            d.file ? d.file : "<model output>", d.line, d.col, d.msg);
	if (!q)
		return fail(err, PASS_ERR_UNREADABLE, errbuf, nerr, "%s`%s` printed an unreadable program: %s",
		            who, cmd, d.msg);
	if (q->nfuncs != in->nfuncs)
		return fail(err, PASS_ERR_UNREADABLE, errbuf, nerr,
		            "%s`%s` printed a program of %d function%s; the input has %d", who, cmd, q->nfuncs,
		            q->nfuncs == 1 ? "" : "s", in->nfuncs);
	return q;
}

/* One run of the command: its pipes, what it printed, how it ended. */
typedef struct Child {
	const char *cmd;
	pid_t pid;
	int fd_in, fd_out, fd_err;  /* -1 once closed */
	StrBuf out;                 /* its stdout */
	char errbuf[STDERR_KEEP];   /* the start of its stderr */
	size_t nerr;
	int timed_out, too_big;
	double deadline;
	int status;                 /* waitpid's */
} Child;

/* Pipes and fork/exec of `sh -c cmd`, in a process group of its own, the
 * parent's ends non-blocking.  0, or -1 with *err filled. */
static int
spawn(Child *c, PassError *err)
{
	const char *cmd = c->cmd;
	int pin[2], pout[2], perr[2];
	if (pipe(pin))
		return fail(err, PASS_ERR_CRASH, "", 0, "`%s`: pipe: %s", cmd, strerror(errno)), -1;
	if (pipe(pout)) {
		close(pin[0]), close(pin[1]);
		return fail(err, PASS_ERR_CRASH, "", 0, "`%s`: pipe: %s", cmd, strerror(errno)), -1;
	}
	if (pipe(perr)) {
		close(pin[0]), close(pin[1]), close(pout[0]), close(pout[1]);
		return fail(err, PASS_ERR_CRASH, "", 0, "`%s`: pipe: %s", cmd, strerror(errno)), -1;
	}
	fflush(NULL); /* the child must not flush our buffers again */
	pid_t pid = fork();
	if (pid < 0) {
		close(pin[0]), close(pin[1]), close(pout[0]), close(pout[1]), close(perr[0]), close(perr[1]);
		return fail(err, PASS_ERR_CRASH, "", 0, "`%s`: fork: %s", cmd, strerror(errno)), -1;
	}
	if (pid == 0) {
		setpgid(0, 0);
		signal(SIGPIPE, SIG_DFL);
		dup2(pin[0], 0), dup2(pout[1], 1), dup2(perr[1], 2);
		close(pin[0]), close(pin[1]), close(pout[0]), close(pout[1]), close(perr[0]), close(perr[1]);
		execl("/bin/sh", "sh", "-c", cmd, (char *)NULL);
		_exit(127);
	}
	setpgid(pid, pid); /* also here: no race with the kill below */
	close(pin[0]), close(pout[1]), close(perr[1]);
	set_flags(pin[1], 1), set_flags(pout[0], 1), set_flags(perr[0], 1);
	c->pid = pid;
	c->fd_in = pin[1], c->fd_out = pout[0], c->fd_err = perr[0];
	return 0;
}

/* One ready descriptor of the command: the next piece of its stdin
 * written, or what it printed read. */
static void
exchange(Child *c, int fd, const StrBuf *text, size_t *written)
{
	char buf[65536];
	if (fd == c->fd_in) {
		ssize_t w = write(fd, text->p + *written, text->len - *written);
		if (w > 0)
			*written += (size_t)w;
		if ((w < 0 && errno != EAGAIN && errno != EINTR) || *written == text->len) {
			close(c->fd_in); /* done, or EPIPE: the command stopped reading */
			c->fd_in = -1;
		}
		return;
	}
	ssize_t k = read(fd, buf, sizeof buf);
	if (k < 0 && (errno == EAGAIN || errno == EINTR))
		return;
	if (k <= 0) {
		close(fd);
		if (fd == c->fd_out)
			c->fd_out = -1;
		else
			c->fd_err = -1;
	} else if (fd == c->fd_out) {
		if (c->out.len + (size_t)k > OUTPUT_CAP) {
			c->too_big = 1;
			return;
		}
		sb_putn(&c->out, buf, (size_t)k);
	} else if (c->nerr < sizeof c->errbuf) {
		size_t n = (size_t)k < sizeof c->errbuf - c->nerr ? (size_t)k : sizeof c->errbuf - c->nerr;
		memcpy(c->errbuf + c->nerr, buf, n);
		c->nerr += n;
	}
}

/* Writes text to the command's stdin while reading its stdout and stderr,
 * until both are closed, the deadline passes or the output is too big. */
static void
pump(Child *c, const StrBuf *text)
{
	size_t written = 0;
	if (text->len == 0)
		close(c->fd_in), c->fd_in = -1;
	while (c->fd_out >= 0 || c->fd_err >= 0) {
		double left = c->deadline - now_s();
		if (left <= 0) {
			c->timed_out = 1;
			break;
		}
		struct pollfd pf[3];
		int n = 0;
		if (c->fd_in >= 0)
			pf[n++] = (struct pollfd){.fd = c->fd_in, .events = POLLOUT};
		if (c->fd_out >= 0)
			pf[n++] = (struct pollfd){.fd = c->fd_out, .events = POLLIN};
		if (c->fd_err >= 0)
			pf[n++] = (struct pollfd){.fd = c->fd_err, .events = POLLIN};
		int ms = (int)(left * 1000) + 1;
		int r = poll(pf, (nfds_t)n, ms);
		if (r < 0) {
			if (errno == EINTR)
				continue;
			break;
		}
		for (int i = 0; i < n && !c->too_big; i++)
			if (pf[i].revents)
				exchange(c, pf[i].fd, text, &written);
		if (c->too_big)
			break;
	}
	if (c->fd_in >= 0)
		close(c->fd_in);
	if (c->fd_out >= 0)
		close(c->fd_out);
	if (c->fd_err >= 0)
		close(c->fd_err);
}

/* Both pipes closed (or we gave up): waits for the exit, within the
 * deadline, then kills whatever the command left running in its group. */
static void
reap(Child *c)
{
	for (;;) {
		if (c->timed_out || c->too_big) {
			kill(-c->pid, SIGKILL);
			kill(c->pid, SIGKILL);
			while (waitpid(c->pid, &c->status, 0) < 0 && errno == EINTR)
				;
			break;
		}
		pid_t w = waitpid(c->pid, &c->status, WNOHANG);
		if (w == c->pid || (w < 0 && errno != EINTR))
			break;
		if (now_s() >= c->deadline) {
			c->timed_out = 1;
			continue;
		}
		struct timespec ts = {0, 2000000}; /* 2 ms */
		nanosleep(&ts, NULL);
	}
	kill(-c->pid, SIGKILL);
}

/* The program the command printed, or NULL and why not in *err. */
static Program *
outcome(const Child *c, const Program *in, double limit, PassError *err)
{
	const char *cmd = c->cmd;
	int status = c->status;
	if (c->timed_out)
		return fail(err, PASS_ERR_TIMEOUT, c->errbuf, c->nerr,
		            "`%s` timed out after %g s (FENCEFUZZ_EXT_TIMEOUT)", cmd, limit);
	if (c->too_big)
		return fail(err, PASS_ERR_UNREADABLE, c->errbuf, c->nerr,
		            "`%s` printed more than %zu MiB; killed", cmd, OUTPUT_CAP >> 20);
	if (WIFSIGNALED(status))
		return fail(err, PASS_ERR_CRASH, c->errbuf, c->nerr, "`%s` killed by signal %d (%s)", cmd,
		            WTERMSIG(status), strsignal(WTERMSIG(status)));
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
		return fail(err, PASS_ERR_CRASH, c->errbuf, c->nerr, "`%s` exited with status %d%s", cmd,
		            WIFEXITED(status) ? WEXITSTATUS(status) : -1,
		            WIFEXITED(status) && WEXITSTATUS(status) == 127 ? " (command not found?)" : "");
	return pass_ext_read_output("", cmd, in, c->out.p, c->out.len, c->errbuf, c->nerr, err);
}

static Program *
run_external(const PassModel *m, const Program *in, PassError *err)
{
	double limit = timeout_seconds();
	StrBuf text;
	sb_init(&text);
	ir_print_program(&text, in);
	sb_putc(&text, '\n');

	Child c;
	memset(&c, 0, sizeof c);
	c.cmd = m->cmd;
	if (spawn(&c, err))
		return sb_free(&text), NULL;

	struct sigaction ign, old;
	memset(&ign, 0, sizeof ign);
	ign.sa_handler = SIG_IGN;
	sigemptyset(&ign.sa_mask);
	sigaction(SIGPIPE, &ign, &old);

	sb_init(&c.out);
	c.deadline = now_s() + limit;
	pump(&c, &text);
	sb_free(&text);
	reap(&c);
	sigaction(SIGPIPE, &old, NULL);

	Program *q = outcome(&c, in, limit, err);
	sb_free(&c.out);
	return q;
}
