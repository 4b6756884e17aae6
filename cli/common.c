/* common.c: helpers shared by the subcommands. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

Program *
cli_read_program(Arena *a, const char *path)
{
	Diag d = {0};
	Program *p = ir_read_file(a, path, &d);
	if (!p) {
		diag_print(stderr, &d);
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
	ir_print_program(&sb, p);
	fwrite(sb.p ? sb.p : "", 1, sb.len, out);
	fputc('\n', out);
	sb_free(&sb);
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
