/* lex.c: the TVMScript tokenizer and the reader's diagnostics.
 *
 * Python's lexical rules, the part TVMScript uses: INDENT/DEDENT from
 * indentation (tabs and spaces checked for consistency as Python does),
 * NEWLINE only outside brackets, `\` continuations, `#` comments, single,
 * double and triple quoted strings with escapes, decimal/hex/octal/binary
 * integers and floats.  Tokens are produced on demand, so errors come out in
 * source order.  Every bound of read_internal.h is enforced here or in the
 * parser; any byte string gives tokens or a located error.
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "read_internal.h"

/* ---- diagnostics ---------------------------------------------------------- */

/* Appends to out "\n<the source line>\n<spaces>^", a window of the line when
 * it is long, so that diag_print can show it without the source. */
static void
excerpt(const Reader *r, int line, int col, char *out, size_t cap)
{
	ir_excerpt(r->src, r->len, line, col, out, cap);
}

void
ir_excerpt(const char *src, size_t len, int line, int col, char *out, size_t cap)
{
	const struct { const char *src; size_t len; } rr = {src, len}, *r = &rr;
	enum { BEFORE = 60, WIDTH = 96 };
	size_t i = 0;
	int ln = 1;
	if (line <= 0 || cap < 8)
		return;
	while (ln < line && i < r->len) {
		char c = r->src[i++];
		if (c == '\n')
			ln++;
		else if (c == '\r') {
			if (i < r->len && r->src[i] == '\n')
				i++;
			ln++;
		}
	}
	if (ln != line)
		return;
	size_t end = i;
	while (end < r->len && r->src[end] != '\n' && r->src[end] != '\r')
		end++;
	size_t c0 = col > 0 ? (size_t)col - 1 : 0, from = 0;
	if (c0 > BEFORE)
		from = c0 - BEFORE;
	size_t to = end - i;
	if (from > to)
		from = to;
	if (to - from > WIDTH)
		to = from + WIDTH;
	char text[WIDTH + 8], caret[WIDTH + 8];
	size_t t = 0, k = 0;
	if (from > 0) {
		memcpy(text, "...", 3);
		memcpy(caret, "   ", 3);
		t = k = 3;
	}
	for (size_t j = from; j < to; j++) {
		unsigned char c = (unsigned char)r->src[i + j];
		text[t++] = c == '\t' || (c >= 0x20 && c < 0x7f) ? (char)c : '?';
		if (j < c0)
			caret[k++] = c == '\t' ? '\t' : ' ';
	}
	text[t] = 0;
	/* A column past the window (or the line) puts the caret at its end. */
	caret[k++] = '^';
	caret[k] = 0;
	snprintf(out, cap, "\n%s\n%s", text, caret);
}

_Noreturn void
rd_error(Reader *r, int line, int col, const char *fmt, ...)
{
	Diag *d = r->d;
	d->file = r->file ? r->file : "<input>";
	d->line = line;
	d->col = col;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(d->msg, 280, fmt, ap);
	va_end(ap);
	/* The first line of msg is the message; the source line follows. */
	for (char *c = d->msg; *c; c++)
		if (*c == '\n' || *c == '\r')
			*c = ' ';
	size_t n = strlen(d->msg);
	excerpt(r, line, col, d->msg + n, sizeof d->msg - n);
	longjmp(r->in_lex ? r->lexfail : r->fail, 1);
}

void
diag_print(FILE *out, const Diag *d)
{
	const char *file = d->file ? d->file : "<input>";
	/* I/O errors have no position in the text. */
	if (d->line <= 0)
		fprintf(out, "%s: %s\n", file, d->msg);
	else
		fprintf(out, "%s:%d:%d: %s\n", file, d->line, d->col, d->msg);
}

/* ---- token storage ---------------------------------------------------------- */

/* Sanitizer builds free a chunk when it is given back, so that a Tok* kept
 * past its statement is caught as a use after free; others reuse it. */
#if defined(__SANITIZE_ADDRESS__)
#define RD_REUSE_CHUNKS 0
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define RD_REUSE_CHUNKS 0
#endif
#endif
#ifndef RD_REUSE_CHUNKS
#define RD_REUSE_CHUNKS 1
#endif

static Tok *
new_chunk(Reader *r)
{
	if (r->nspare > 0)
		return r->spare[--r->nspare];
	Tok *c = malloc(sizeof(Tok) * TOK_CHUNK);
	if (!c)
		abort(); /* out of memory is not bad input */
	return c;
}

void
rd_lex_release(Reader *r, int keep)
{
	int upto = keep >> TOK_CHUNK_BITS;
	for (; r->released < upto && r->released < r->nchunks; r->released++) {
		Tok *c = r->chunks[r->released];
		r->chunks[r->released] = NULL;
		if (RD_REUSE_CHUNKS && r->nspare < 2)
			r->spare[r->nspare++] = c;
		else
			free(c);
	}
}

/* The chunk that token ntoks goes to, made when it is the first. */
static Tok *
fill_chunk(Reader *r)
{
	int c = r->ntoks >> TOK_CHUNK_BITS;
	if (c == r->nchunks) {
		if (r->nchunks == r->capchunks) {
			int cap = r->capchunks ? r->capchunks * 2 : 16;
			Tok **p = realloc(r->chunks, sizeof *p * (size_t)cap);
			if (!p)
				abort(); /* out of memory is not bad input */
			r->chunks = p;
			r->capchunks = cap;
		}
		r->chunks[c] = new_chunk(r);
		r->nchunks++;
	}
	return r->chunks[c];
}

static _Noreturn void
too_many_tokens(Reader *r, int line, int col)
{
	rd_error(r, line, col, "program too large: more than %d tokens", IR_MAX_NODES);
}

/* The next token, in the chunk being filled (rd_lex_more stops at its
 * end); its value is the caller's to set. */
static inline Tok *
push(Reader *r, TokKind kind, int line, int col, const char *s, int len)
{
	if (__builtin_expect(r->ntoks >= IR_MAX_NODES, 0))
		too_many_tokens(r, line, col);
	Tok *t = &r->lx.fill[r->ntoks++ & (TOK_CHUNK - 1)];
	t->kind = kind;
	t->line = line;
	t->col = col;
	t->len = len;
	t->s = s;
	r->lx.last = kind;
	return t;
}

void
rd_lex_free(Reader *r)
{
	for (int i = r->released; i < r->nchunks; i++)
		free(r->chunks[i]);
	for (int i = 0; i < r->nspare; i++)
		free(r->spare[i]);
	free(r->chunks);
	free(r->names.slot);
	free(r->sbuf);
	free(r->lx.st);
	r->lx.st = NULL;
	r->sbuf = NULL;
	r->capsbuf = 0;
	r->names.slot = NULL;
	r->names.cap = r->names.n = 0;
	r->chunks = NULL;
	r->nchunks = r->capchunks = r->ntoks = r->released = r->nspare = 0;
}

void
rd_lex_init(Reader *r)
{
	memset(&r->lx, 0, sizeof r->lx);
	r->lx.line = 1;
	r->lx.at_bol = 1;
	r->lx.nindent = 1; /* indent[0] = alt[0] = 0 */
	r->lx.last = TK_EOF;
	r->lx.st = malloc(sizeof *r->lx.st);
	if (!r->lx.st)
		abort();
	r->lx.st->indent[0] = r->lx.st->alt[0] = 0;
}

/* ---- names ------------------------------------------------------------------ */

uint32_t
rd_hash(const char *s, size_t n)
{
	uint32_t h = 2166136261u;
	for (size_t i = 0; i < n; i++)
		h = (h ^ (unsigned char)s[i]) * 16777619u;
	return h;
}

static void
intern_grow(Intern *t)
{
	uint32_t cap = t->cap ? t->cap * 2 : 256;
	Sym **slot = calloc(cap, sizeof *slot);
	if (!slot)
		abort();
	for (uint32_t i = 0; i < t->cap; i++) {
		Sym *y = t->slot[i];
		if (!y)
			continue;
		uint32_t j = y->hash & (cap - 1);
		while (slot[j])
			j = (j + 1) & (cap - 1);
		slot[j] = y;
	}
	free(t->slot);
	t->slot = slot;
	t->cap = cap;
}

static Sym *
intern_new(Reader *r, const char *s, size_t n, uint32_t hash)
{
	Intern *t = &r->names;
	if ((t->n + 1) * 2 > t->cap)
		intern_grow(t);
	uint32_t mask = t->cap - 1, i = hash & mask;
	while (t->slot[i])
		i = (i + 1) & mask;
	Sym *y = ar_alloc(r->a, sizeof *y);
	y->s = ar_strndup(r->a, s, n);
	y->len = (uint32_t)n;
	y->hash = hash;
	y->aux = -1;
	y->known = -1;
	y->top = -1;
	y->kw = -1;
	t->slot[i] = y;
	t->n++;
	return y;
}

/* The 2, 4 or 8 bytes at p, as unaligned loads. */
static inline uint16_t
load16(const char *p)
{
	uint16_t v;
	memcpy(&v, p, sizeof v);
	return v;
}

static inline uint32_t
load32(const char *p)
{
	uint32_t v;
	memcpy(&v, p, sizeof v);
	return v;
}

static inline uint64_t
load64(const char *p)
{
	uint64_t v;
	memcpy(&v, p, sizeof v);
	return v;
}

/* a[0..n) == b[0..n): names are short, so a word or two rather than a
 * call; the words overlap where n is not a multiple of their size, and
 * no byte outside [0, n) is read. */
static inline int
same_bytes(const char *a, const char *b, size_t n)
{
	if (n > 16)
		return memcmp(a, b, n) == 0;
	if (n >= 8)
		return load64(a) == load64(b) &&
		       load64(a + n - 8) == load64(b + n - 8);
	if (n >= 4)
		return load32(a) == load32(b) &&
		       load32(a + n - 4) == load32(b + n - 4);
	if (n >= 2)
		return load16(a) == load16(b) &&
		       load16(a + n - 2) == load16(b + n - 2);
	return n == 0 || a[0] == b[0];
}

/* The one Sym of the name s[0..n), hash = rd_hash(s, n): a probe of the
 * table, and a new entry the first time. */
static inline Sym *
intern(Reader *r, const char *s, size_t n, uint32_t hash)
{
	Intern *t = &r->names;
	if (t->cap) {
		uint32_t mask = t->cap - 1, i = hash & mask;
		for (Sym *y; (y = t->slot[i]); i = (i + 1) & mask)
			if (y->hash == hash && y->len == n && same_bytes(y->s, s, n))
				return y;
	}
	return intern_new(r, s, n, hash);
}

Sym *
rd_intern(Reader *r, const char *s, size_t n, uint32_t hash)
{
	return intern(r, s, n, hash);
}

/* ---- scanning --------------------------------------------------------------- */

static int
col_of(const Reader *r, size_t pos)
{
	return (int)(pos - r->lx.line_start) + 1;
}

/* What a byte starts, one lookup: the switch of lex_chunk, and the classes
 * of name and number characters (B_NAME, B_DIGIT: is_word). */
enum {
	B_PUNCT, B_NAME, B_DIGIT, B_SPACE, B_DOT, B_NL, B_QUOTE, B_HASH, B_BACKSLASH, B_NUL,
	B_OPEN, B_CLOSE, B_SINGLE /* ( [ {, ) ] }, and , ; ~ (never part of a longer operator) */
};
#define BC_ROW(c)                                                                          \
	((c) == '(' || (c) == '[' || (c) == '{'                 ? B_OPEN                   \
	 : (c) == ')' || (c) == ']' || (c) == '}'               ? B_CLOSE                  \
	 : (c) == ',' || (c) == ';' || (c) == '~'               ? B_SINGLE                 \
	 : (c) == ' ' || (c) == '\t' || (c) == '\f'             ? B_SPACE                  \
	 : ((c) >= 'a' && (c) <= 'z') || ((c) >= 'A' && (c) <= 'Z') || (c) == '_' ? B_NAME \
	 : (c) >= '0' && (c) <= '9'                               ? B_DIGIT                  \
	 : (c) == '.'                                             ? B_DOT                    \
	 : (c) == '\n' || (c) == '\r'                             ? B_NL                     \
	 : (c) == '"' || (c) == '\''                              ? B_QUOTE                  \
	 : (c) == '#'                                             ? B_HASH                   \
	 : (c) == '\\'                                            ? B_BACKSLASH              \
	 : (c) == 0                                               ? B_NUL                    \
	                                                          : B_PUNCT)
#define BC4(c) BC_ROW(c), BC_ROW((c) + 1), BC_ROW((c) + 2), BC_ROW((c) + 3)
#define BC16(c) BC4(c), BC4((c) + 4), BC4((c) + 8), BC4((c) + 12)
static const unsigned char bclass[256] = {
	BC16(0), BC16(16), BC16(32), BC16(48), BC16(64), BC16(80), BC16(96), BC16(112),
	/* 128..255: punct(), which refuses them */
};
#undef BC16
#undef BC4
#undef BC_ROW

/* A byte of a name or a number: B_NAME or B_DIGIT. */
static inline int
is_word(unsigned char c)
{
	return (unsigned)bclass[c] - B_NAME < 2u;
}

static int
is_digit(int c)
{
	return c >= 0 && bclass[c] == B_DIGIT;
}

static int
is_name_char(int c)
{
	return c >= 0 && is_word((unsigned char)c);
}

static int
at(const Reader *r, size_t pos)
{
	return pos < r->len ? (unsigned char)r->src[pos] : -1;
}

/* Consumes one line break (\n, \r\n or \r) at lx->pos. */
static void
newline(Reader *r)
{
	Lexer *lx = &r->lx;
	if (at(r, lx->pos) == '\r' && at(r, lx->pos + 1) == '\n')
		lx->pos += 2;
	else
		lx->pos++;
	lx->line++;
	lx->line_start = lx->pos;
}

static Tok *
emit(Reader *r, TokKind kind, size_t pos, size_t len)
{
	Tok *t = push(r, kind, r->lx.line, col_of(r, pos), r->src + pos, (int)len);
	t->ival = 0;
	return t;
}

static void
skip_comment(Reader *r)
{
	Lexer *lx = &r->lx;
	const char *s = r->src;
	size_t p = lx->pos, n = r->len;
	while (p < n && s[p] != '\n' && s[p] != '\r') {
		if (s[p] == 0) {
			lx->pos = p;
			rd_error(r, lx->line, col_of(r, p), "NUL byte in input");
		}
		p++;
	}
	lx->pos = p;
}

/* At the start of a logical line: skip blank and comment lines, then turn
 * the indentation into INDENT/DEDENT tokens. */
static void
indentation(Reader *r)
{
	Lexer *lx = &r->lx;
	LexStacks *st = lx->st;
	size_t p = lx->pos;
	int w8 = 0, w1 = 0;
	for (; p < r->len; p++) {
		char c = r->src[p];
		if (c == ' ')
			w8++, w1++;
		else if (c == '\t')
			w8 = (w8 / 8 + 1) * 8, w1++;
		else if (c == '\f')
			w8 = w1 = 0;
		else
			break;
		if (w8 > (1 << 24))
			rd_error(r, lx->line, col_of(r, p), "indentation too wide");
	}
	lx->pos = p;
	int c = at(r, p);
	if (c == -1) {
		lx->at_bol = 0;
		return;
	}
	if (c == '#') {
		skip_comment(r);
		if (lx->pos < r->len)
			newline(r);
		return;
	}
	if (c == '\n' || c == '\r') {
		newline(r);
		return;
	}
	lx->at_bol = 0;
	int col = col_of(r, p);
	int top = st->indent[lx->nindent - 1], alt = st->alt[lx->nindent - 1];
	if (w8 > top) {
		if (w1 <= alt)
			rd_error(r, lx->line, col, "inconsistent use of tabs and spaces in indentation");
		if (lx->nindent > IR_MAX_DEPTH)
			rd_error(r, lx->line, col, "nesting deeper than %d levels", IR_MAX_DEPTH);
		st->indent[lx->nindent] = w8;
		st->alt[lx->nindent] = w1;
		lx->nindent++;
		emit(r, TK_INDENT, p, 0);
	} else if (w8 == top) {
		if (w1 != alt)
			rd_error(r, lx->line, col, "inconsistent use of tabs and spaces in indentation");
	} else {
		int k = 0;
		while (lx->nindent > 1 && st->indent[lx->nindent - 1] > w8)
			lx->nindent--, k++;
		if (st->indent[lx->nindent - 1] != w8)
			rd_error(r, lx->line, col, "unindent does not match any outer indentation level");
		if (st->alt[lx->nindent - 1] != w1)
			rd_error(r, lx->line, col, "inconsistent use of tabs and spaces in indentation");
		emit(r, TK_DEDENT, p, 0);
		lx->pending_dedents = k - 1;
	}
}

static int
digit_value(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'z')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'Z')
		return c - 'A' + 10;
	return 99;
}

/* int   = decimal | '0' ('x'|'o'|'b') digits       (underscores allowed)
 * float = digits '.' [digits] [exp] | '.' digits [exp] | digits exp */
static void
number(Reader *r)
{
	Lexer *lx = &r->lx;
	size_t start = lx->pos, p = start;
	int line = lx->line, col = col_of(r, start);
	int base = 10, is_float = 0;
	if (at(r, p) == '0' && p + 1 < r->len && r->src[p + 1] && strchr("xXoObB", r->src[p + 1])) {
		int b = r->src[p + 1] | 0x20;
		base = b == 'x' ? 16 : b == 'o' ? 8 : 2;
		p += 2;
	}
	uint64_t v = 0;
	int ndig = 0, over = 0;
	for (;; p++) {
		int c = at(r, p);
		if (c == '_')
			continue;
		int dv = c < 0 ? 99 : digit_value(c);
		if (dv >= base)
			break;
		uint64_t w;
		if (__builtin_mul_overflow(v, (uint64_t)base, &w) ||
		    __builtin_add_overflow(w, (uint64_t)dv, &w))
			over = 1;
		else
			v = w;
		ndig++;
	}
	if (base == 10) {
		if (at(r, p) == '.') {
			is_float = 1;
			for (p++; is_digit(at(r, p)) || at(r, p) == '_'; p++)
				;
		}
		if (at(r, p) == 'e' || at(r, p) == 'E') {
			size_t q = p + 1;
			if (at(r, q) == '+' || at(r, q) == '-')
				q++;
			if (!is_digit(at(r, q)))
				rd_error(r, line, col, "invalid float literal");
			is_float = 1;
			for (p = q; is_digit(at(r, p)) || at(r, p) == '_'; p++)
				;
		}
	} else if (ndig == 0) {
		rd_error(r, line, col, "invalid integer literal");
	}
	if (p < r->len && is_name_char((unsigned char)r->src[p]))
		rd_error(r, line, col, "invalid number literal");
	lx->pos = p;
	if (is_float) {
		char *text = malloc(p - start + 1);
		if (!text)
			abort();
		size_t k = 0;
		for (size_t i = start; i < p; i++)
			if (r->src[i] != '_')
				text[k++] = r->src[i];
		text[k] = 0;
		double f = strtod(text, NULL);
		free(text);
		if (!isfinite(f))
			rd_error(r, line, col, "float literal out of range");
		Tok *t = push(r, TK_FLOAT, line, col, r->src + start, (int)(p - start));
		t->fval = f;
		return;
	}
	if (over || v > (uint64_t)INT64_MAX + 1)
		rd_error(r, line, col, "integer literal too large (beyond int64)");
	Tok *t = push(r, TK_INT, line, col, r->src + start, (int)(p - start));
	t->ival = v;
}

/* A decimal integer of at most 18 digits with nothing after it that
 * number() would read on (no '_', '.', exponent or name character): the
 * common case, read here; anything else goes to number(). */
static inline void
decimal(Reader *r)
{
	Lexer *lx = &r->lx;
	const unsigned char *s = (const unsigned char *)r->src;
	size_t start = lx->pos, p = start, n = r->len;
	if (s[p] == '0' && p + 1 < n && ((s[p + 1] | 0x20) == 'x' || (s[p + 1] | 0x20) == 'o' ||
	                                 (s[p + 1] | 0x20) == 'b')) {
		number(r);
		return;
	}
	uint64_t v = 0;
	while (p < n && s[p] >= '0' && s[p] <= '9')
		v = v * 10 + (uint64_t)(s[p++] - '0');
	if (p < n && s[p] == '.') {
		/* digits '.' digits, 15 digits at most and nothing after: the
		 * digits as an integer (exact in a double) over a power of ten
		 * (exact up to 1e22), one correctly rounded division, which is
		 * what strtod gives. */
		static const double pow10[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,
		                               1e8,  1e9,  1e10, 1e11, 1e12, 1e13, 1e14, 1e15};
		size_t q = p + 1;
		while (q < n && s[q] >= '0' && s[q] <= '9')
			q++;
		if (q - start - 1 <= 15 && !(q < n && (is_word(s[q]) || s[q] == '.'))) {
			for (size_t i = p + 1; i < q; i++)
				v = v * 10 + (uint64_t)(s[i] - '0');
			Tok *t = push(r, TK_FLOAT, lx->line, col_of(r, start), r->src + start, (int)(q - start));
			t->fval = (double)v / pow10[q - p - 1];
			lx->pos = q;
			return;
		}
		number(r);
		return;
	}
	if (p - start > 18 || (p < n && is_word(s[p]))) {
		number(r);
		return;
	}
	Tok *t = push(r, TK_INT, lx->line, col_of(r, start), r->src + start, (int)(p - start));
	t->ival = v;
	lx->pos = p;
}

static int
hexval(const Reader *r, size_t p, int n, uint32_t *out)
{
	uint32_t v = 0;
	for (int i = 0; i < n; i++) {
		int c = at(r, p + (size_t)i);
		int dv = c < 0 ? 99 : digit_value(c);
		if (dv >= 16)
			return 0;
		v = v * 16 + (uint32_t)dv;
	}
	*out = v;
	return 1;
}

static size_t
put_utf8(char *out, uint32_t cp)
{
	if (cp < 0x80) {
		out[0] = (char)cp;
		return 1;
	}
	if (cp < 0x800) {
		out[0] = (char)(0xc0 | (cp >> 6));
		out[1] = (char)(0x80 | (cp & 0x3f));
		return 2;
	}
	if (cp < 0x10000) {
		out[0] = (char)(0xe0 | (cp >> 12));
		out[1] = (char)(0x80 | ((cp >> 6) & 0x3f));
		out[2] = (char)(0x80 | (cp & 0x3f));
		return 3;
	}
	out[0] = (char)(0xf0 | (cp >> 18));
	out[1] = (char)(0x80 | ((cp >> 12) & 0x3f));
	out[2] = (char)(0x80 | ((cp >> 6) & 0x3f));
	out[3] = (char)(0x80 | (cp & 0x3f));
	return 4;
}

/* The first pass over a string literal's body (from p, the quote q,
 * triple-quoted or not, opened at line:col): where its closing quote
 * starts, so that the decoded text (never longer than the raw text) fits
 * the scratch buffer; an unterminated literal or a NUL byte is an error. */
static size_t
string_end(Reader *r, size_t p, char q, int triple, int line, int col)
{
	int l2 = line;
	size_t ls2 = r->lx.line_start;
	for (;;) {
		int c = at(r, p);
		if (c == -1)
			rd_error(r, line, col, triple ? "unterminated triple-quoted string"
			                              : "unterminated string");
		if (c == 0)
			rd_error(r, l2, (int)(p - ls2) + 1, "NUL byte in input");
		if (c == q && (!triple || (at(r, p + 1) == q && at(r, p + 2) == q)))
			return p;
		if (c == '\\') {
			int d = at(r, p + 1);
			if (d == -1) {
				p++; /* reported as unterminated on the next turn */
				continue;
			}
			if (d == 0)
				rd_error(r, l2, (int)(p + 1 - ls2) + 1, "NUL byte in input");
			p += 2;
			if (d == '\r' && at(r, p) == '\n')
				p++;
			if (d == '\n' || d == '\r')
				l2++, ls2 = p;
			continue;
		}
		if (c == '\n' || c == '\r') {
			if (!triple)
				rd_error(r, line, col, "unterminated string");
			p++;
			if (c == '\r' && at(r, p) == '\n')
				p++;
			l2++, ls2 = p;
			continue;
		}
		p++;
	}
}

/* string = quote { char | escape } quote, quote one of ' " ''' """.
 * Escapes as Python's; an unknown escape keeps its backslash. */
static void
string(Reader *r)
{
	Lexer *lx = &r->lx;
	size_t start = lx->pos;
	int line = lx->line, col = col_of(r, start);
	char q = r->src[start];
	int triple = at(r, start + 1) == q && at(r, start + 2) == q;
	size_t p = start + (triple ? 3 : 1);

	/* A one-line literal without escapes is its own text: no decoding. */
	if (!triple) {
		const char *s = r->src;
		size_t e = p, n = r->len;
		while (e < n && s[e] != q && s[e] != '\\' && s[e] != '\n' && s[e] != '\r' && s[e] != 0)
			e++;
		if (e < n && s[e] == q) {
			if (e - p > IR_MAX_STRING)
				rd_error(r, line, col, "string literal longer than %d bytes", IR_MAX_STRING);
			lx->pos = e + 1;
			Sym *y = intern(r, s + p, e - p, rd_hash(s + p, e - p));
			Tok *t = push(r, TK_STR, line, col, s + start, (int)(lx->pos - start));
			t->sym = y; /* equal literals share one arena string */
			return;
		}
	}

	/* First pass: find the end (string_end). */
	size_t body = p, end = string_end(r, p, q, triple, line, col);
	if (end - body > (size_t)4 * IR_MAX_STRING)
		rd_error(r, line, col, "string literal longer than %d bytes", IR_MAX_STRING);

	if (end - body + 1 > r->capsbuf) {
		size_t cap = r->capsbuf ? r->capsbuf : 256;
		while (cap < end - body + 1)
			cap *= 2;
		char *nb = realloc(r->sbuf, cap);
		if (!nb)
			abort(); /* out of memory is not bad input */
		r->sbuf = nb;
		r->capsbuf = cap;
	}
	char *out = r->sbuf;
	size_t n = 0;
	for (p = body; p < end;) {
		char c = r->src[p];
		if (c == '\n' || c == '\r') {
			out[n++] = '\n';
			p += c == '\r' && at(r, p + 1) == '\n' ? 2 : 1;
			lx->line++;
			lx->line_start = p;
			continue;
		}
		if (c != '\\') {
			out[n++] = c;
			p++;
			continue;
		}
		int eline = lx->line, ecol = col_of(r, p);
		char d = r->src[p + 1];
		p += 2;
		uint32_t cp;
		switch (d) {
		case '\\': out[n++] = '\\'; break;
		case '\'': out[n++] = '\''; break;
		case '"': out[n++] = '"'; break;
		case 'n': out[n++] = '\n'; break;
		case 't': out[n++] = '\t'; break;
		case 'r': out[n++] = '\r'; break;
		case 'a': out[n++] = '\a'; break;
		case 'b': out[n++] = '\b'; break;
		case 'f': out[n++] = '\f'; break;
		case 'v': out[n++] = '\v'; break;
		case '\r':
		case '\n':
			if (d == '\r' && at(r, p) == '\n')
				p++;
			lx->line++;
			lx->line_start = p;
			break;
		case 'x':
			if (!hexval(r, p, 2, &cp))
				rd_error(r, eline, ecol, "invalid \\x escape");
			p += 2;
			if (cp == 0)
				rd_error(r, eline, ecol, "NUL character in string literal");
			out[n++] = (char)cp;
			break;
		case 'u':
		case 'U': {
			int w = d == 'u' ? 4 : 8;
			if (!hexval(r, p, w, &cp) || cp > 0x10ffff || (cp >= 0xd800 && cp < 0xe000))
				rd_error(r, eline, ecol, "invalid \\%c escape", d);
			p += (size_t)w;
			if (cp == 0)
				rd_error(r, eline, ecol, "NUL character in string literal");
			n += put_utf8(out + n, cp);
			break;
		}
		default:
			if (d >= '0' && d <= '7') {
				cp = (uint32_t)(d - '0');
				for (int k = 0; k < 2 && at(r, p) >= '0' && at(r, p) <= '7'; k++)
					cp = cp * 8 + (uint32_t)(r->src[p++] - '0');
				if (cp == 0)
					rd_error(r, eline, ecol, "NUL character in string literal");
				if (cp > 0xff)
					rd_error(r, eline, ecol, "invalid octal escape");
				out[n++] = (char)cp;
				break;
			}
			out[n++] = '\\';
			out[n++] = d;
			break;
		}
	}
	out[n] = 0;
	if (n > IR_MAX_STRING)
		rd_error(r, line, col, "string literal longer than %d bytes", IR_MAX_STRING);
	lx->pos = end + (triple ? 3 : 1);
	Sym *y = intern(r, out, n, rd_hash(out, n));
	Tok *t = push(r, TK_STR, line, col, r->src + start, (int)(lx->pos - start));
	t->sym = y; /* equal literals share one arena string */
}

/* Python's keywords, by length, so that a name is compared with the few of
 * its length only. */
static int
is_keyword(const char *s, size_t n)
{
	static const char *const by_len[][12] = {
		[2] = {"as", "if", "in", "is", "or"},
		[3] = {"and", "def", "del", "for", "not", "try"},
		[4] = {"None", "True", "elif", "else", "from", "pass", "with"},
		[5] = {"False", "async", "await", "break", "class", "raise", "while", "yield"},
		[6] = {"assert", "except", "global", "import", "lambda", "return"},
		[7] = {"finally"},
		[8] = {"continue", "nonlocal"},
	};
	if (n < 2 || n > 8)
		return 0;
	for (const char *const *k = by_len[n]; *k; k++)
		if ((*k)[0] == s[0] && memcmp(*k, s, n) == 0)
			return 1;
	return 0;
}

/* A name, hashed as it is scanned and interned in the same pass. */
static inline void
name(Reader *r)
{
	Lexer *lx = &r->lx;
	size_t start = lx->pos, p = start, n = r->len;
	uint32_t h = 2166136261u;
	const unsigned char *s = (const unsigned char *)r->src;
	while (p < n && is_word(s[p])) {
		h = (h ^ s[p]) * 16777619u;
		p++;
	}
	if (p - start > IR_MAX_NAME)
		rd_error(r, lx->line, col_of(r, start), "identifier longer than %d bytes", IR_MAX_NAME);
	Sym *y = intern(r, r->src + start, p - start, h);
	if (__builtin_expect(y->kw < 0, 0))
		y->kw = (signed char)is_keyword(y->s, y->len);
	Tok *t = push(r, y->kw ? TK_KW : TK_NAME, lx->line, col_of(r, start), r->src + start,
	              (int)(p - start));
	t->sym = y;
	lx->pos = p;
}

static inline void
op_token(Reader *r, size_t p, int n)
{
	Tok *t = push(r, TK_OP, r->lx.line, col_of(r, p), r->src + p, n);
	unsigned v = 0;
	for (int i = n - 1; i >= 0; i--)
		v = v << 8 | (unsigned char)r->src[p + (size_t)i];
	t->ival = 0;
	t->op = v;
	r->lx.pos += (size_t)n;
}

static _Noreturn void
bad_char(Reader *r, int line, int col, unsigned char c)
{
	if (c >= 0x21 && c < 0x7f)
		rd_error(r, line, col, "unexpected character '%c'", c);
	rd_error(r, line, col, "unexpected byte 0x%02x", c);
}

/* A one-byte operator c at p. */
static inline void
op1(Reader *r, size_t p, unsigned char c)
{
	Tok *t = push(r, TK_OP, r->lx.line, col_of(r, p), r->src + p, 1);
	t->ival = 0;
	t->op = c;
	r->lx.pos = p + 1;
}

/* ( [ { at p: onto the bracket stack. */
static inline void
open_bracket(Reader *r, size_t p, unsigned char c)
{
	Lexer *lx = &r->lx;
	int line = lx->line, col = col_of(r, p);
	if (lx->nbrk >= IR_MAX_DEPTH)
		rd_error(r, line, col, "nesting deeper than %d levels", IR_MAX_DEPTH);
	LexStacks *st = lx->st;
	st->brk[lx->nbrk].c = (char)c;
	st->brk[lx->nbrk].line = line;
	st->brk[lx->nbrk].col = col;
	lx->nbrk++;
	op1(r, p, c);
}

/* ) ] } at p: off the bracket stack, which must have its opener on top. */
static inline void
close_bracket(Reader *r, size_t p, unsigned char c)
{
	Lexer *lx = &r->lx;
	char want = c == ')' ? '(' : c == ']' ? '[' : '{';
	LexStacks *st = lx->st;
	if (lx->nbrk == 0)
		rd_error(r, lx->line, col_of(r, p), "unmatched '%c'", c);
	if (st->brk[lx->nbrk - 1].c != want)
		rd_error(r, lx->line, col_of(r, p), "closing '%c' does not match '%c' opened at %d:%d",
		         c, st->brk[lx->nbrk - 1].c, st->brk[lx->nbrk - 1].line,
		         st->brk[lx->nbrk - 1].col);
	lx->nbrk--;
	op1(r, p, c);
}

/* The length of the operator at s[p] (c, n bytes in all) other than '.':
 * what ops3/ops2/ops1 of Python's tokenizer give, decided on the first
 * byte; 0 for a byte that begins none ('!' alone among them). */
static inline int
punct_len(const unsigned char *s, size_t p, size_t n, unsigned char c)
{
	int d = p + 1 < n ? s[p + 1] : -1, len;
	switch (c) {
	case ':':
		len = d == '=' ? 2 : 1;
		break;
	case '-':
		len = d == '>' || d == '=' ? 2 : 1;
		break;
	case '*':
	case '/':
	case '<':
	case '>':
		len = d == c ? (p + 2 < n && s[p + 2] == '=' ? 3 : 2) : d == '=' ? 2 : 1;
		break;
	case '=':
	case '+':
	case '%':
	case '&':
	case '|':
	case '^':
	case '@':
		len = d == '=' ? 2 : 1;
		break;
	case '!':
		if (d != '=')
			return 0;
		len = 2;
		break;
	default:
		return 0;
	}
	return len;
}

/* Punctuators, longest first (punct_len; brackets and , ; ~ are
 * lex_chunk's); a byte that begins none is an error. */
static inline void
punct(Reader *r)
{
	Lexer *lx = &r->lx;
	size_t p = lx->pos;
	unsigned char c = (unsigned char)r->src[p];
	if (c == '.') {
		op_token(r, p, at(r, p + 1) == '.' && at(r, p + 2) == '.' ? 3 : 1);
		return;
	}
	int len = punct_len((const unsigned char *)r->src, p, r->len, c);
	if (len) {
		op_token(r, p, len);
		return;
	}
	bad_char(r, lx->line, col_of(r, p), c);
}

static int
need_newline(const Reader *r)
{
	TokKind k = r->lx.last;
	return k != TK_EOF && k != TK_NEWLINE && k != TK_INDENT && k != TK_DEDENT;
}

/* The end of the input: a bracket left open, then NEWLINE, the DEDENTs and
 * EOF, one per call. */
static void
at_end(Reader *r)
{
	Lexer *lx = &r->lx;
	if (lx->nbrk > 0)
		rd_error(r, lx->st->brk[lx->nbrk - 1].line, lx->st->brk[lx->nbrk - 1].col,
		         "'%c' was never closed", lx->st->brk[lx->nbrk - 1].c);
	if (need_newline(r)) {
		emit(r, TK_NEWLINE, lx->pos, 0);
	} else if (lx->nindent > 1) {
		lx->nindent--;
		emit(r, TK_DEDENT, lx->pos, 0);
	} else {
		emit(r, TK_EOF, lx->pos, 0);
		lx->done = 1;
	}
}

static void
backslash(Reader *r)
{
	Lexer *lx = &r->lx;
	int d = at(r, lx->pos + 1);
	if (d == '\n' || d == '\r') {
		lx->pos++;
		newline(r);
		return;
	}
	if (d == -1)
		rd_error(r, lx->line, col_of(r, lx->pos), "unexpected end of file after line continuation");
	rd_error(r, lx->line, col_of(r, lx->pos), "unexpected character after line continuation");
}


/* The tokens of the common kinds on one line: names, one-byte
 * operators and brackets, plain decimal integers, and the spaces between
 * them, with the lexer's state in locals.  Stops before anything else
 * (that byte is lex_chunk's, which also reports every error), at the end
 * of the line or of the input, or when stop tokens are there. */
static void
lex_run(Reader *r, int stop)
{
	Lexer *lx = &r->lx;
	const unsigned char *s = (const unsigned char *)r->src;
	size_t n = r->len, p = lx->pos;
	int nt = r->ntoks, nbrk = lx->nbrk;
	const int line = lx->line;
	const size_t ls = lx->line_start;
	Tok *fill = lx->fill;
	LexStacks *st = lx->st;
	TokKind last = lx->last;
	if (stop > IR_MAX_NODES)
		stop = IR_MAX_NODES; /* push() reports the token past it */
	while (nt < stop) {
		if (p >= n)
			break;
		unsigned char c = s[p];
		Tok *t = &fill[nt & (TOK_CHUNK - 1)];
		size_t start = p;
		switch (bclass[c]) {
		case B_SPACE:
			/* one turn per byte: most tokens have no space before them */
			p++;
			continue;
		case B_NAME: {
			uint32_t h = 2166136261u;
			do {
				h = (h ^ s[p]) * 16777619u;
				p++;
			} while (p < n && is_word(s[p]));
			if (p - start > IR_MAX_NAME) {
				p = start; /* name() reports it */
				goto out;
			}
			Sym *y = intern(r, r->src + start, p - start, h);
			if (__builtin_expect(y->kw < 0, 0))
				y->kw = (signed char)is_keyword(y->s, y->len);
			t->kind = last = y->kw ? TK_KW : TK_NAME;
			t->sym = y;
			break;
		}
		case B_OPEN:
			if (nbrk >= IR_MAX_DEPTH)
				goto out; /* open_bracket() reports it */
			st->brk[nbrk].c = (char)c;
			st->brk[nbrk].line = line;
			st->brk[nbrk].col = (int)(p - ls) + 1;
			nbrk++;
			goto op;
		case B_CLOSE:
			if (nbrk == 0 || st->brk[nbrk - 1].c != (c == ')' ? '(' : c == ']' ? '[' : '{'))
				goto out; /* close_bracket() reports it */
			nbrk--;
			goto op;
		case B_SINGLE:
		op:
			p++;
			t->kind = last = TK_OP;
			t->ival = 0;
			t->op = c;
			break;
		case B_DOT:
			if (p + 1 < n && (bclass[s[p + 1]] == B_DIGIT || s[p + 1] == '.'))
				goto out; /* a number, or '...' */
			goto op;
		case B_PUNCT: {
			int len = punct_len(s, p, n, c), d = p + 1 < n ? s[p + 1] : -1;
			if (!len)
				goto out;
			unsigned v = c;
			if (len > 1)
				v |= (unsigned)d << 8;
			if (len > 2)
				v |= (unsigned)s[p + 2] << 16;
			p += (size_t)len;
			t->kind = last = TK_OP;
			t->ival = 0;
			t->op = v;
			break;
		}
		case B_QUOTE: {
			/* string()'s one-line literals without escapes */
			size_t e = p + 1;
			if (e < n && s[e] == c)
				goto out; /* empty, or triple-quoted */
			while (e < n && s[e] != c && s[e] != '\\' && s[e] != '\n' && s[e] != '\r' && s[e] != 0)
				e++;
			if (e >= n || s[e] != c || e - p - 1 > IR_MAX_STRING)
				goto out;
			Sym *y = intern(r, r->src + p + 1, e - p - 1, rd_hash(r->src + p + 1, e - p - 1));
			p = e + 1;
			t->kind = last = TK_STR;
			t->sym = y;
			break;
		}
		case B_DIGIT: {
			/* decimal()'s plain integers only */
			if (c == '0' && p + 1 < n && ((s[p + 1] | 0x20) == 'x' || (s[p + 1] | 0x20) == 'o' ||
			                              (s[p + 1] | 0x20) == 'b'))
				goto out;
			uint64_t v = 0;
			do
				v = v * 10 + (uint64_t)(s[p++] - '0');
			while (p < n && s[p] >= '0' && s[p] <= '9');
			if (p - start > 18 || (p < n && (is_word(s[p]) || s[p] == '.'))) {
				p = start;
				goto out;
			}
			t->kind = last = TK_INT;
			t->ival = v;
			break;
		}
		default:
			goto out;
		}
		t->line = line;
		t->col = (int)(start - ls) + 1;
		t->len = (int)(p - start);
		t->s = r->src + start;
		nt++;
	}
out:
	lx->pos = p;
	r->ntoks = nt;
	lx->nbrk = nbrk;
	lx->last = last;
}

/* Lexes until the chunk being filled is full or the input ends. */
static void
lex_chunk(Reader *r)
{
	Lexer *lx = &r->lx;
	const unsigned char *s = (const unsigned char *)r->src;
	size_t n = r->len;
	int stop = (r->ntoks | (TOK_CHUNK - 1)) + 1;
	while (r->ntoks < stop && !lx->done) {
		if (__builtin_expect(lx->pending_dedents > 0, 0)) {
			lx->pending_dedents--;
			emit(r, TK_DEDENT, lx->pos, 0);
			continue;
		}
		if (lx->at_bol && lx->nbrk == 0) {
			indentation(r);
			continue;
		}
		lex_run(r, stop);
		if (r->ntoks >= stop)
			break;
		size_t p = lx->pos;
		if (p >= n) {
			at_end(r);
			continue;
		}
		unsigned char c = s[p];
		switch (bclass[c]) {
		case B_NAME:
			name(r);
			break;
		case B_OPEN:
			open_bracket(r, p, c);
			break;
		case B_CLOSE:
			close_bracket(r, p, c);
			break;
		case B_SINGLE:
			op1(r, p, c);
			break;
		case B_DIGIT:
			decimal(r);
			break;
		case B_DOT:
			if (p + 1 < n && bclass[s[p + 1]] == B_DIGIT)
				number(r);
			else if (p + 2 < n && s[p + 1] == '.' && s[p + 2] == '.')
				op_token(r, p, 3);
			else
				op1(r, p, c);
			break;
		case B_NL:
			if (lx->nbrk == 0) {
				if (need_newline(r))
					emit(r, TK_NEWLINE, p, 0);
				lx->at_bol = 1;
			}
			newline(r);
			break;
		case B_QUOTE:
			string(r);
			break;
		case B_HASH:
			skip_comment(r);
			break;
		case B_BACKSLASH:
			backslash(r);
			break;
		case B_NUL:
			rd_error(r, lx->line, col_of(r, p), "NUL byte in input");
		default:
			punct(r);
			break;
		}
	}
}

/* Lexes ahead to the end of the current chunk.  An error on the way is
 * held back (r->d already has it) while tokens before it are there to
 * read: it is raised when the parser asks for the token it stopped. */
void
rd_lex_more(Reader *r)
{
	if (r->lx.failed || r->lx.done) {
		if (r->lx.failed)
			longjmp(r->fail, 1);
		return;
	}
	int before = r->ntoks;
	r->lx.fill = fill_chunk(r);
	r->in_lex = 1;
	if (setjmp(r->lexfail)) {
		r->in_lex = 0;
		r->lx.failed = 1;
		if (r->ntoks == before)
			longjmp(r->fail, 1);
		return;
	}
	lex_chunk(r);
	r->in_lex = 0;
}
