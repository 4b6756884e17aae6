/* pass_ext.h: what the two external-model files share (pass_external.c,
 * one command per program; pass_ext_server.c, one server per process). */
#ifndef FENCEFUZZ_PASS_EXT_H
#define FENCEFUZZ_PASS_EXT_H

#include "pass.h"

enum {
	PASS_EXT_STDERR_KEEP = 2048, /* bytes of a command's stderr kept for messages */
};
#define PASS_EXT_OUTPUT_CAP ((size_t)256 << 20) /* more output than this is unreadable */

/* pass_external.c */
double pass_ext_now(void);
/* Seconds from environment variable env (a number above 0), else dflt. */
double pass_ext_seconds(const char *env, double dflt);
/* Appends "; stderr: LINE | LINE" (the first lines of err[0..n)) to msg. */
void pass_ext_append_stderr(char *msg, size_t cap, const char *err, size_t n);
/* Reads a model's output text into in->arena: the program, or NULL with
 * *err filled (PASS_ERR_UNREADABLE, the reader's located message, or a
 * function count other than the input's), prefixed by "WHO`CMD`" and
 * followed by the stderr lines. */
Program *pass_ext_read_output(const char *who, const char *cmd, const Program *in, const char *text,
                              size_t len, const char *errbuf, size_t nerr, PassError *err);

/* pass_ext_server.c: where a server model's time goes, for bench/bench_ext.
 * Wall seconds per phase, summed over the requests sent (answers from the
 * cache not counted), the CPU seconds of this process in three of them, and
 * the system calls made on the pipes. */
typedef struct PassExtProfile {
	long programs;                /* requests sent */
	long writes, polls, reads;    /* system calls on the pipes */
	double print;                 /* printing the program */
	double send;                  /* writing the request (and polls while it does not fit) */
	double wait;                  /* in poll() for the answer: the server's time and the wake-ups */
	double recv;                  /* reading the answer and parsing its frame */
	double read_back;             /* reading the answer's text as a program */
	double total;                 /* the whole run_program call */
	double cpu_print, cpu_io, cpu_read_back, cpu_total; /* CPU: print; send + wait + recv; ... */
	long clock_reads;             /* CPU clock reads made for these (each costs a system call) */
} PassExtProfile;
/* Profiles m (an ext-server model) into *p from now on (zeroed first); NULL
 * stops.  Returns -1 when m is not a server model.  A profile costs a clock
 * read per phase; without one none is made. */
int pass_ext_server_profile(const PassModel *m, PassExtProfile *p);

#endif
