/* common.c: helpers shared by the subcommands. */
#include <ctype.h>
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

int
cli_take_file(const char *cmd, const char *arg, const char **path)
{
	if (arg[0] == '-' && arg[1])
		return cli_usage_error(cmd, "unknown option '%s'", arg);
	if (*path)
		return cli_usage_error(cmd, "one FILE at a time");
	*path = arg;
	return 0;
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

/* An option name worth splitting: --[A-Za-z0-9][A-Za-z0-9-]* before the '='. */
static int
splits(const char *a)
{
	if (a[0] != '-' || a[1] != '-' || !a[2] || a[2] == '=')
		return 0;
	const char *eq = strchr(a, '=');
	if (!eq)
		return 0;
	for (const char *c = a + 2; c < eq; c++)
		if (!(isalnum((unsigned char)*c) || *c == '-'))
			return 0;
	return 1;
}

char **
cli_split_equals(int *argc, char **argv)
{
	int n = *argc, extra = 0;
	for (int i = 0; i < n && strcmp(argv[i], "--"); i++)
		extra += splits(argv[i]);
	if (!extra)
		return argv;
	char **out = malloc(sizeof *out * (size_t)(n + extra + 1));
	if (!out)
		return NULL;
	int k = 0, i = 0;
	for (; i < n && strcmp(argv[i], "--"); i++) {
		if (!splits(argv[i])) {
			out[k++] = argv[i];
			continue;
		}
		/* The name is written over in place: argv's strings are ours. */
		char *eq = strchr(argv[i], '=');
		*eq = '\0';
		out[k++] = argv[i];
		out[k++] = eq + 1;
	}
	for (; i < n; i++)
		out[k++] = argv[i];
	out[k] = NULL;
	*argc = k;
	return out;
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
