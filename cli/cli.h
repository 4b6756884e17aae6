/* cli.h: subcommands of the fencefuzz binary, one file each. */
#ifndef FENCEFUZZ_CLI_H
#define FENCEFUZZ_CLI_H

#include <stdio.h>

#include "ir.h"
#include "judge.h"
#include "oracle.h"
#include "pass.h"
#include "options.h"

typedef struct Command {
	const char *name;
	const char *summary;
	int (*run)(int argc, char **argv); /* argv excludes the command name */
	void (*help)(FILE *out);
} Command;

/* cmd_fmt.c */
int cmd_fmt(int argc, char **argv);
void help_fmt(FILE *out);
/* cmd_pass.c */
int cmd_pass(int argc, char **argv);
void help_pass(FILE *out);
int cmd_models(int argc, char **argv);
void help_models(FILE *out);
/* cmd_check.c */
int cmd_check(int argc, char **argv);
void help_check(FILE *out);
/* cmd_campaign.c */
int cmd_campaign(int argc, char **argv);
void help_campaign(FILE *out);
/* cmd_sweep.c */
int cmd_sweep(int argc, char **argv);
void help_sweep(FILE *out);
/* cmd_gen.c */
int cmd_gen(int argc, char **argv);
void help_gen(FILE *out);
/* cmd_report.c */
int cmd_report(int argc, char **argv);
void help_report(FILE *out);
/* DB.html beside DB.sqlite. */
void cli_report_default_path(char *out, size_t n, const char *db_path);
/* Renders db_path to html_path and/or md_path ("-": stdout; NULL: not
 * written) and prints "report: PATH" to say for each file; on failure prints
 * the reason as "fencefuzz CMD: report: ..." and returns -1. */
int cli_write_report(const char *cmd, const char *db_path, const char *html_path,
                     const char *md_path, FILE *say);

/* cmd_reduce.c */
int cmd_reduce(int argc, char **argv);
void help_reduce(FILE *out);
int cli_parse_kind(const char *cmd, const char *name, FindingKind *out);

/* cmd_regress.c */
int cmd_repro(int argc, char **argv);
void help_repro(FILE *out);
int cmd_promote(int argc, char **argv);
void help_promote(FILE *out);
int cmd_replay(int argc, char **argv);
void help_replay(FILE *out);
/* cmd_merge.c */
int cmd_merge(int argc, char **argv);
void help_merge(FILE *out);

/* cmd_lower.c */
int cmd_lower(int argc, char **argv);
void help_lower(FILE *out);
/* The rows of --barriers, --handshake and --fence-all, for a settings struct T
 * whose member lo is a LowerOptions (oracle/cuda/lower.h). */
extern const char *const cli_barriers_choices[], *const cli_handshake_choices[];
#define CLI_LOWER_OPTS(T, lo)                                                                \
	CLI_OPT("barriers", 0, CLI_ENUM, offsetof(T, lo.barriers), "auto|none",                \
	        "auto: a barrier of the scope's threads (the CTA, or a thread\n"               \
	        "partition's named barrier) before and after each converged\n"                 \
	        "statement that issues async work, unless the program has\n"                   \
	        "one there (where TileLang's ThreadSync / ThreadPartialSync\n"                 \
	        "put theirs; default); none: only the program's barriers",                     \
	        .choices = cli_barriers_choices),                                              \
	CLI_OPT("handshake", 0, CLI_ENUM, offsetof(T, lo.handshake), "auto|program",          \
	        "auto: commit + wait_group.read after each async store unless\n"               \
	        "the program has its own tma_store_arrive/wait (default);\n"                   \
	        "program: only the program's",                                                 \
	        .choices = cli_handshake_choices),                                             \
	CLI_OPT("fence-all", 0, CLI_FLAG, offsetof(T, lo.fence_all), NULL,                    \
	        "a fence.proxy.async right before every async op (the\n"                       \
	        "fenced control that confirm runs beside each case)", .set = 1)
/* cmd_confirm.c */
int cmd_confirm(int argc, char **argv);
void help_confirm(FILE *out);

/* cmd_findings.c */
int cmd_findings(int argc, char **argv);
void help_findings(FILE *out);
/* cmd_triage.c */
int cmd_triage(int argc, char **argv);
void help_triage(FILE *out);

/* version.c, generated in the build directory by cmake/version.cmake */
extern const char cli_version[]; /* the project version, "0.1.0" */
extern const char cli_commit[];  /* git commit of the source tree, "unknown" outside git */

/* common.c */
/* Reads and verifies a program; prints the diagnostic and returns NULL on bad input. */
Program *cli_read_program(Arena *a, const char *path);
/* The same, also handing back the text read (*text: freed with sb_free;
 * the program does not point into it, so it may be printed over). */
Program *cli_read_program_text(Arena *a, const char *path, StrBuf *text);
/* Prints a program with a final newline. */
void cli_print_program(FILE *out, const Program *p);
/* The same, printed in *sb (emptied first, its memory reused) and written
 * with one fwrite: 0, or -1 on a write error. */
int cli_print_program_into(FILE *out, const Program *p, StrBuf *sb);
/* Usage error: prints "fencefuzz CMD: message" and returns 2. */
int cli_usage_error(const char *cmd, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* CliParseFn of --oracles LIST (an unsigned mask, orc_parse_oracles). */
int cli_parse_oracles(const char *cmd, const char *opt, const char *val, void *field);
/* CliParseFn of --kind K: a finding kind's name (cli_parse_kind), kept as text. */
int cli_parse_kind_name(const char *cmd, const char *opt, const char *val, void *field);
/* Looks a model up, printing the known names on failure. */
const PassModel *cli_find_model(const char *cmd, const char *name);

#endif
