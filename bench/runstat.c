/* runstat: run a command and report its wall time, CPU time and peak memory.
 *
 *     runstat OUT COMMAND [ARG...]
 *
 * Runs COMMAND (no shell), waits for it, and writes one line to the file OUT:
 *
 *     wall_s cpu_s maxrss_kib status
 *
 * wall_s is the elapsed time (monotonic clock), cpu_s the user + system time
 * of COMMAND and of every descendant it waited for (a campaign's workers
 * included), maxrss_kib the largest resident set of any of those processes
 * (getrusage's ru_maxrss), status COMMAND's exit status (128 + N for signal N).
 * runstat exits with the same status, or 2 when it cannot run COMMAND.
 * Used by bench/ratio.sh, so that the benchmarks need no /usr/bin/time.
 * POSIX only.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static double
now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static double
seconds(struct timeval tv)
{
	return (double)tv.tv_sec + (double)tv.tv_usec * 1e-6;
}

int
main(int argc, char **argv)
{
	if (argc < 3) {
		fprintf(stderr, "usage: runstat OUT COMMAND [ARG...]\n");
		return 2;
	}
	FILE *out = fopen(argv[1], "w");
	if (!out) {
		fprintf(stderr, "runstat: %s: %s\n", argv[1], strerror(errno));
		return 2;
	}
	double t0 = now();
	pid_t pid = fork();
	if (pid < 0) {
		fprintf(stderr, "runstat: fork: %s\n", strerror(errno));
		return 2;
	}
	if (pid == 0) {
		execvp(argv[2], argv + 2);
		fprintf(stderr, "runstat: %s: %s\n", argv[2], strerror(errno));
		_exit(127);
	}
	int st;
	while (waitpid(pid, &st, 0) < 0)
		if (errno != EINTR) {
			fprintf(stderr, "runstat: wait: %s\n", strerror(errno));
			return 2;
		}
	double wall = now() - t0;
	int status = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
	struct rusage all;
	getrusage(RUSAGE_CHILDREN, &all);
	fprintf(out, "%.6f %.6f %ld %d\n", wall, seconds(all.ru_utime) + seconds(all.ru_stime),
	        all.ru_maxrss, status);
	if (fclose(out) != 0) {
		fprintf(stderr, "runstat: %s: %s\n", argv[1], strerror(errno));
		return 2;
	}
	return status;
}
