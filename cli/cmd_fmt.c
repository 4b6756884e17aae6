/* cmd_fmt.c: `fencefuzz fmt`, the canonical printer on the command line. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "options.h"

typedef struct FmtArgs {
	const char *out_path, *era_name;
	int check;
} FmtArgs;

#define F(f) offsetof(FmtArgs, f)
static const CliOpt fmt_opts[] = {
	CLI_OPT("era", 0, CLI_STRING, F(era_name), "E",
	        "print in era E (seed or head), converting the program; what\n"
	        "has no spelling in E is an error (FILE:LINE:COL, exit 2)"),
	CLI_OPT("check", 0, CLI_FLAG, F(check), NULL,
	        "print nothing; exit 1 when FILE is not already canonical", .set = 1),
	CLI_OPT(NULL, 'o', CLI_STRING, F(out_path), "OUT", "write to OUT instead of stdout"),
	CLI_END,
};
#undef F

void
help_fmt(FILE *out)
{
	fprintf(out,
	        "usage: fencefuzz fmt FILE [--era seed|head] [--check] [-o OUT]\n"
	        "\n"
	        "Reads a TVMScript program (FILE `-` is stdin) and prints it in canonical\n"
	        "form: the spelling TVM's own printer uses for each construct (docs/tvmscript.md).\n"
	        "Reading what fmt printed gives the same IR, and printing it again gives the\n"
	        "same text.\n"
	        "\n"
	        "Both TVMScript eras are read: seed (TileLang 9f25954's TVM, the header\n"
	        "`# from tvm.script import tir as T`, LetStmt/Allocate/DeclBuffer with\n"
	        "bodies, T.block) and head (TileLang a35008a's TVM, `import tirx as T`, flat\n"
	        "Bind/AllocBuffer/DeclBuffer lines, T.sblock, structured asserts).  The\n"
	        "header says which; without one the text is seed-era.  fmt prints in the\n"
	        "era it read (docs/tvmscript.md).\n"
	        "\n");
	cli_print_options(out, fmt_opts);
	fprintf(out,
	        "\n"
	        "Bad input is reported as FILE:LINE:COL: message, with exit status 2.\n");
}

static int
same_modulo_final_newlines(const char *a, size_t alen, const char *b, size_t blen)
{
	while (alen && a[alen - 1] == '\n')
		alen--;
	while (blen && b[blen - 1] == '\n')
		blen--;
	return alen == blen && memcmp(a, b, alen) == 0;
}

/* The program in its target era, checked: 0, or 2 with the message out.
 * A conversion is also read back, so whatever the reader would refuse in
 * the converted text (its bounds) is reported here, not later. */
static int
convert(const char *path, const Program *p, IrEra era, StrBuf *out)
{
	Diag d = {0};
	if (ir_era_check(p, era, &d)) {
		d.file = path;
		/* The source line and a caret, as read errors show them. */
		size_t len, n = strlen(d.msg);
		Diag io;
		char *raw = strcmp(path, "-") ? ir_read_text(path, &len, &io) : NULL;
		if (raw)
			ir_excerpt(raw, len, d.line, d.col, d.msg + n, sizeof d.msg - n);
		free(raw);
		diag_print(stderr, &d);
		return 2;
	}
	IrPrintOptions o = {.era = era};
	ir_print_program_opts(out, p, &o);
	if (era == p->era)
		return 0;
	Arena *a = ar_new();
	Program *q = ir_read(a, path, out->p ? out->p : "", out->len, &d);
	ar_free(a);
	if (!q) {
		fprintf(stderr, "%s: cannot be converted to %s-era text: the converted text does not read back: %d:%d: %s\n",
		        path, ir_era_name(era), d.line, d.col, d.msg);
		return 2;
	}
	return 0;
}

int
cmd_fmt(int argc, char **argv)
{
	FmtArgs f = {0};
	CliArgs args;
	const char *path = NULL;
	if (cli_parse("fmt", fmt_opts, &f, argc, argv, &args) ||
	    cli_one_operand("fmt", &args, "FILE", &path))
		return 2;
	const char *out_path = f.out_path, *era_name = f.era_name;
	int check = f.check;
	IrEra era = ERA_SEED;
	if (era_name && ir_era_parse(era_name, &era))
		return cli_usage_error("fmt", "--era takes seed or head, not '%s'", era_name);
	Arena *a = ar_new();
	StrBuf raw; /* the text read: compared with (--check), or printed over */
	Program *p = cli_read_program_text(a, path, &raw);
	if (!p) {
		ar_free(a);
		return 2;
	}
	if (!era_name)
		era = p->era;
	StrBuf canon;
	sb_init(&canon);
	if (!check) {
		canon = raw;
		canon.len = 0;
		sb_init(&raw);
	}
	int rc = convert(path, p, era, &canon);
	if (rc) {
		/* nothing printed */
	} else if (check) {
		if (!strcmp(path, "-")) {
			fprintf(stderr, "fencefuzz fmt: --check needs a file, not stdin\n");
			rc = 2;
		} else if (!same_modulo_final_newlines(canon.p, canon.len, raw.p, raw.len)) {
			fprintf(stderr, "%s: not in canonical form (fencefuzz fmt %s shows it)\n", path, path);
			rc = 1;
		}
	} else {
		FILE *out = out_path ? fopen(out_path, "wb") : stdout;
		if (!out) {
			perror(out_path);
			rc = 2;
		} else {
			sb_putc(&canon, '\n');
			fwrite(canon.p, 1, canon.len, out);
			if (out != stdout && fclose(out) != 0) {
				perror(out_path);
				rc = 2;
			}
		}
	}
	sb_free(&canon);
	sb_free(&raw);
	ar_free(a);
	return rc;
}
