/* strbuf.c: growable text for the printer and the CLI. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ir.h"

void
sb_init(StrBuf *sb)
{
	sb->p = NULL;
	sb->len = sb->cap = 0;
}

void
sb_free(StrBuf *sb)
{
	free(sb->p);
	sb_init(sb);
}

static void
reserve(StrBuf *sb, size_t extra)
{
	if (sb->len + extra + 1 <= sb->cap)
		return;
	size_t cap = sb->cap ? sb->cap : 256;
	while (cap < sb->len + extra + 1)
		cap *= 2;
	char *p = realloc(sb->p, cap);
	if (!p)
		abort();
	sb->p = p;
	sb->cap = cap;
}

void
sb_putn(StrBuf *sb, const char *s, size_t n)
{
	reserve(sb, n);
	memcpy(sb->p + sb->len, s, n);
	sb->len += n;
	sb->p[sb->len] = 0;
}

void
sb_puts(StrBuf *sb, const char *s)
{
	sb_putn(sb, s, strlen(s));
}

void
sb_putc(StrBuf *sb, char c)
{
	reserve(sb, 1);
	sb->p[sb->len++] = c;
	sb->p[sb->len] = 0;
}

void
sb_printf(StrBuf *sb, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	char small[256];
	int n = vsnprintf(small, sizeof small, fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	if ((size_t)n < sizeof small) {
		sb_putn(sb, small, (size_t)n);
		return;
	}
	reserve(sb, (size_t)n);
	va_start(ap, fmt);
	vsnprintf(sb->p + sb->len, (size_t)n + 1, fmt, ap);
	va_end(ap);
	sb->len += (size_t)n;
}

char *
sb_take(StrBuf *sb)
{
	if (!sb->p)
		reserve(sb, 0), sb->p[0] = 0;
	char *p = sb->p;
	sb_init(sb);
	return p;
}
