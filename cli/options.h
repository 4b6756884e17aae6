/* options.h: the one option parser of the subcommands.  Each command declares
 * a table of CliOpt rows (long name, short name, kind, the field it sets as an
 * offset into the command's settings struct, help text, default); cli_parse
 * reads argv with it and cli_print_options prints the option list of --help
 * from the same table, so what help says and what parses cannot drift. */
#ifndef FENCEFUZZ_CLI_OPTIONS_H
#define FENCEFUZZ_CLI_OPTIONS_H

#include <stddef.h>
#include <stdio.h>

enum { CLI_MAX_OPTIONS = 64, CLI_LIST_MAX = 32 };

typedef enum CliKind {
	CLI_FLAG,   /* no value: stores .set into an int */
	CLI_INT,    /* int, in [.min, .max] when the range is not empty */
	CLI_LONG,   /* long, likewise */
	CLI_U64,    /* uint64_t, decimal or 0x hex */
	CLI_DOUBLE, /* double, likewise ranged */
	CLI_STRING, /* const char *; the last one given wins */
	CLI_LIST,   /* CliList: every occurrence appended (repeatable) */
	CLI_ENUM,   /* int: the index of the value in .choices */
	CLI_FUNC,   /* .parse checks the value and stores it */
} CliKind;

typedef struct CliList {
	const char *v[CLI_LIST_MAX];
	int n;
} CliList;

/* A custom value: stores val into field (base + offset) or prints a usage
 * error (cli_usage_error) and returns 2.  opt is the option as written. */
typedef int (*CliParseFn)(const char *cmd, const char *opt, const char *val, void *field);

typedef struct CliOpt {
	const char *name;  /* "time" for --time; NULL: a short option only */
	char shortname;    /* 'o' for -o; 0: none */
	CliKind kind;
	size_t offset;     /* of the field set, in the command's settings struct */
	const char *arg;   /* the value's name in help ("D", "LIST"); NULL for flags */
	const char *help;  /* one or more lines, '\n'-separated */
	const char *def;   /* the default as it would be written, set before argv is read and
	                    * shown in help; NULL: the field's initial value, told in help */
	double min, max;   /* numbers: accepted range, when min < max */
	const char *const *choices; /* CLI_ENUM: the values, NULL-terminated */
	CliParseFn parse;  /* CLI_FUNC */
	int set;           /* CLI_FLAG: the value stored */
} CliOpt;

/* A row: the usual columns, then any of .def, .min, .max, .choices, .parse,
 * .set as designated initializers. */
#define CLI_OPT(name_, short_, kind_, offset_, arg_, help_, ...)                              \
	{.name = name_, .shortname = short_, .kind = kind_, .offset = offset_, .arg = arg_,   \
	 .help = help_, __VA_ARGS__}
#define CLI_END {.name = NULL}

/* What cli_parse leaves: argv's operands (files, IDs), in order, and how often
 * each row of the table was given. */
typedef struct CliArgs {
	char **operands;
	int n;
	unsigned short count[CLI_MAX_OPTIONS];
	const CliOpt *opts;
} CliArgs;

/* options.c */
/* Reads argv (the command's own arguments) into base with opts, a table
 * ended by a row whose name and shortname are both empty: `--opt value`,
 * `--opt=value`, short options, repeated options (the last wins, lists
 * append), `--` ending the options, `-` as an operand.  Operands are moved to
 * the front of argv (args->operands).  Returns 0, or prints the usage error
 * ("unknown option '--tme'; did you mean --time?", a value that does not
 * parse) and returns 2. */
int cli_parse(const char *cmd, const CliOpt *opts, void *base, int argc, char **argv,
              CliArgs *args);
/* How many times the option named name (long name, or "-o") was given. */
int cli_given(const CliArgs *args, const char *name);
/* The option list of --help, from the table, two spaces in. */
void cli_print_options(FILE *out, const CliOpt *opts);
/* The one FILE operand: *path, or "missing WHAT" / "one WHAT at a time" (2). */
int cli_one_operand(const char *cmd, const CliArgs *args, const char *what, const char **path);

#endif
