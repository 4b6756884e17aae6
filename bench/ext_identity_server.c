/* ext_identity_server: the identity pass as an ext-server model, in C, so
 * that bench_ext can tell the protocol's own cost (pipes and framing) from
 * a Python server's.  Protocol: docs/external-models.md.
 *
 * Per program: one read (64 KiB at a time, more when the frame is larger)
 * and one writev of the answer (header, the request's own bytes, LF): the
 * least a server can do. */
#define _DEFAULT_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/uio.h>
#include <unistd.h>

static char *buf;
static size_t len, cap;

/* Reads stdin until buf holds at least need bytes; -1 at end of file. */
static int
fill(size_t need)
{
	while (len < need) {
		if (cap < need) {
			size_t c = cap ? cap : 65536;
			while (c < need)
				c *= 2;
			char *p = realloc(buf, c);
			if (!p)
				return -1;
			buf = p, cap = c;
		}
		ssize_t k = read(0, buf + len, cap - len);
		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0)
			return -1;
		len += (size_t)k;
	}
	return 0;
}

static int
put(struct iovec *iov, int n)
{
	while (n > 0) {
		ssize_t k = writev(1, iov, n);
		if (k < 0 && errno == EINTR)
			continue;
		if (k < 0)
			return -1;
		while (n > 0 && (size_t)k >= iov->iov_len)
			k -= (ssize_t)iov->iov_len, iov++, n--;
		if (n > 0)
			iov->iov_base = (char *)iov->iov_base + k, iov->iov_len -= (size_t)k;
	}
	return 0;
}

int
main(void)
{
	static const char hello[] = "hello 52\nprotocol 1\npass bench.identity\nversion c-identity 1\n\n";
	struct iovec h = {(void *)hello, sizeof hello - 1};
	if (put(&h, 1))
		return 1;
	for (;;) {
		/* The header: "TAG LENGTH\n", at most 32 bytes. */
		size_t i = 0;
		for (;;) {
			while (i < len && buf[i] != '\n')
				i++;
			if (i < len)
				break;
			if (len >= 32 || fill(len + 1))
				return len ? 1 : 0; /* end of file between frames: done */
		}
		char *sp = memchr(buf, ' ', i), *end;
		if (!sp)
			return 1;
		size_t n = strtoul(sp + 1, &end, 10);
		size_t frame = i + 1 + n + 1;
		if (end != buf + i || fill(frame) || buf[frame - 1] != '\n')
			return 1;
		char head[32];
		int nh = snprintf(head, sizeof head, "result %zu\n", n);
		struct iovec iov[3] = {{head, (size_t)nh}, {buf + i + 1, n}, {(void *)"\n", 1}};
		if (put(iov, 3))
			return 1;
		memmove(buf, buf + frame, len - frame);
		len -= frame;
	}
}
