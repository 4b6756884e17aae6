/* read_internal.h: what the TVMScript lexer (lex.c) and parser (read.c)
 * share.  Nothing here is visible outside the reader.
 *
 * Errors in the reader are bad input, never bugs: rd_error() fills the Diag
 * and longjmps to the boundary in ir_read(), which frees what the reader
 * holds outside the arena.  The arena itself belongs to the caller.
 */
#ifndef FENCEFUZZ_READ_INTERNAL_H
#define FENCEFUZZ_READ_INTERNAL_H

#include <setjmp.h>
#include <stdint.h>

#include "ir.h"

typedef enum {
	TK_EOF,
	TK_NEWLINE,
	TK_INDENT,
	TK_DEDENT,
	TK_NAME,  /* identifier that is not a Python keyword */
	TK_KW,    /* Python keyword */
	TK_INT,   /* ival; values up to 2^63 (the magnitude of INT64_MIN) */
	TK_FLOAT, /* fval, finite */
	TK_STR,   /* str/slen: decoded, NUL-terminated, interned in the arena */
	TK_OP     /* punctuator */
} TokKind;

/* A name as the reader keeps it: interned once per read, so equal names
 * share one arena string and one entry. */
typedef struct Sym {
	const char *s;   /* NUL-terminated, in the arena */
	uint32_t len, hash;
	/* The parser's caches of what depends on the name alone. */
	int aux;           /* T.<name>'s TFn and BinOp, -1 until set */
	int known;         /* T.<name> is in the vocabulary: -1 until set, 0, 1 */
	const char *canon; /* its canonical op name, NULL until set */
	const char *dotted; /* "T." and the name, for messages: NULL until made */
	int top;           /* read.c: its innermost binding, -1 when unbound */
	signed char kw;    /* lex.c: a Python keyword: -1 until set, 0, 1 */
	unsigned char dt;  /* read.c: as a literal's dtype, its IR_DT_* code; 0 until set */
	unsigned char dshape, dbits; /* read.c: as a dtype, dtype_shape(); 0 until set */
} Sym;

typedef struct Tok {
	TokKind kind;
	int line, col;   /* 1-based; col counts bytes */
	int len;
	const char *s;   /* source text of the token */
	union {
		uint64_t ival; /* TK_INT */
		double fval;   /* TK_FLOAT */
		unsigned op;   /* TK_OP: its 1 to 3 bytes, the first in the low byte */
		Sym *sym;      /* TK_NAME, TK_KW; TK_STR: the decoded literal, interned */
	};
} Tok;

/* Tokens are produced into fixed-size chunks, so that a Tok* stays valid
 * while the parser looks further ahead.  The lexer fills the current chunk
 * ahead of the parser (rd_lex_more); an error it meets on the way is held
 * back until the parser asks for the token it would have been, so errors
 * still come out in source order.  The parser gives back the chunks behind
 * it at each statement (rd_lex_release): a Tok* is valid until the next
 * statement starts, and whatever must outlive that is copied (read.c's
 * keep()).  Memory for tokens is a few chunks, whatever the size of the
 * input. */
enum { TOK_CHUNK_BITS = 10, TOK_CHUNK = 1 << TOK_CHUNK_BITS };

/* The lexer's stacks, in one block that is never cleared: only the entries
 * below nindent and nbrk are ever read. */
typedef struct LexStacks {
	/* Indentation widths with tabs to 8 and to 1: Python's test for
	 * inconsistent tabs and spaces is that the two orders disagree. */
	int indent[IR_MAX_DEPTH + 2], alt[IR_MAX_DEPTH + 2];
	struct { char c; int line, col; } brk[IR_MAX_DEPTH + 1];
} LexStacks;

typedef struct Lexer {
	size_t pos;
	int line;
	size_t line_start;    /* offset of the first byte of the current line */
	int at_bol;           /* next byte starts a logical line */
	int done;             /* TK_EOF emitted */
	int failed;           /* an error is held back: r->d has it */
	int pending_dedents;
	int nindent, nbrk;
	TokKind last;         /* kind of the last token emitted (TK_EOF: none) */
	Tok *fill;            /* the chunk being filled */
	LexStacks *st;
} Lexer;

typedef struct Intern {
	Sym **slot;           /* open addressing, power of two */
	uint32_t cap, n;
} Intern;

typedef struct Reader {
	Arena *a;
	Diag *d;
	const char *file;
	const char *src;
	size_t len;
	jmp_buf fail;
	jmp_buf lexfail;      /* while the lexer runs ahead: errors held back */
	int in_lex;
	Lexer lx;
	Tok **chunks;
	int nchunks, capchunks;
	int ntoks;
	int released;         /* chunks [0, released) given back */
	Tok *spare[2];        /* given-back chunks kept for reuse */
	int nspare;
	Intern names;         /* names and string literals (decoded) */
	char *sbuf;           /* scratch for decoding a string literal */
	size_t capsbuf;
} Reader;

/* lex.c */
void rd_lex_init(Reader *r);
void rd_lex_more(Reader *r);   /* appends at least one token unless done (or fails) */
void rd_lex_release(Reader *r, int keep); /* tokens before index keep are done with */
uint32_t rd_hash(const char *s, size_t n);
Sym *rd_intern(Reader *r, const char *s, size_t n, uint32_t hash);
void rd_lex_free(Reader *r);
/* Token i: i < r->ntoks, not given back. */
static inline Tok *
rd_tok(Reader *r, int i)
{
	return &r->chunks[i >> TOK_CHUNK_BITS][i & (TOK_CHUNK - 1)];
}

_Noreturn void rd_error(Reader *r, int line, int col, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

#endif
