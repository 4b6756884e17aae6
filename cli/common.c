/* common.c: helpers shared by the subcommands. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

Program *
cli_read_program(Arena *a, const char *path)
{
	StrBuf text;
	Program *p = cli_read_program_text(a, path, &text);
	sb_free(&text);
	return p;
}

Program *
cli_read_program_text(Arena *a, const char *path, StrBuf *text)
{
	Diag d = {0};
	sb_init(text);
	size_t len;
	char *src = ir_read_text(path, &len, &d);
	Program *p = src ? ir_read(a, strcmp(path, "-") ? path : "<stdin>", src, len, &d) : NULL;
	/* The program holds nothing of the text: the caller may write over it. */
	text->p = src;
	text->len = len;
	text->cap = src ? len + 1 : 0;
	if (!p) {
		diag_print(stderr, &d);
		sb_free(text);
		return NULL;
	}
#ifdef FENCEFUZZ_VERIFY
	if (ir_verify_program(p, &d)) {
		/* The reader accepted something it should not have built. */
		fprintf(stderr, "fencefuzz: internal error: IR verifier after reading %s: ", path);
		diag_print(stderr, &d);
		abort();
	}
#endif
	return p;
}

void
cli_print_program(FILE *out, const Program *p)
{
	StrBuf sb;
	sb_init(&sb);
	cli_print_program_into(out, p, &sb);
	sb_free(&sb);
}

int
cli_print_program_into(FILE *out, const Program *p, StrBuf *sb)
{
	sb->len = 0;
	ir_print_program(sb, p);
	sb_putc(sb, '\n');
	return fwrite(sb->p, 1, sb->len, out) == sb->len ? 0 : -1;
}

int
cli_usage_error(const char *cmd, const char *fmt, ...)
{
	va_list ap;
	fprintf(stderr, "fencefuzz %s: ", cmd);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, " (try fencefuzz %s --help)\n", cmd);
	return 2;
}

const PassModel *
cli_find_model(const char *cmd, const char *name)
{
	const PassModel *m = pass_find(name);
	if (m)
		return m;
	int n;
	const PassModel *const *all = pass_models(&n);
	fprintf(stderr, "fencefuzz %s: unknown model '%s'; known models:", cmd, name);
	for (int i = 0; i < n; i++)
		fprintf(stderr, " %s", all[i]->name);
	fprintf(stderr, ", mutant:NAME (fencefuzz models lists them), ext:COMMAND and "
	                "ext-server:COMMAND, each optionally NAME=... (external models; fencefuzz "
	                "pass --help)\n");
	return NULL;
}

int
cli_parse_oracles(const char *cmd, const char *opt, const char *val, void *field)
{
	if (orc_parse_oracles(val, field))
		return cli_usage_error(cmd, "bad %s list '%s'", opt, val);
	return 0;
}

int
cli_parse_kind_name(const char *cmd, const char *opt, const char *val, void *field)
{
	FindingKind k;
	if (cli_parse_kind(cmd, val, &k))
		return 2;
	*(const char **)field = val;
	return 0;
}
