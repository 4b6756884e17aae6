/* options.c: the table-driven option parser (options.h).  Bad arguments are
 * usage errors (exit 2, "fencefuzz CMD: ... (try fencefuzz CMD --help)"); a
 * table that cannot parse its own default is an internal error and aborts. */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "options.h"

static int
is_end(const CliOpt *o)
{
	return !o->name && !o->shortname;
}

/* "--name", or "-o" for a short-only option, in buf. */
static const char *
spelling(const CliOpt *o, char *buf, size_t n)
{
	if (o->name)
		snprintf(buf, n, "--%s", o->name);
	else
		snprintf(buf, n, "-%c", o->shortname);
	return buf;
}

static int
takes_value(const CliOpt *o)
{
	return o->kind != CLI_FLAG;
}

static int
ranged(const CliOpt *o)
{
	return o->min < o->max;
}

static int
bad_number(const char *cmd, const char *opt, const CliOpt *o, const char *val)
{
	if (ranged(o))
		return cli_usage_error(cmd, "%s takes a number in [%.0f, %.0f], not '%s'", opt, o->min,
		                       o->max, val);
	return cli_usage_error(cmd, "%s takes a number, not '%s'", opt, val);
}

static int
set_enum(const char *cmd, const char *opt, const CliOpt *o, const char *val, int *field)
{
	for (int i = 0; o->choices[i]; i++)
		if (!strcmp(o->choices[i], val)) {
			*field = i;
			return 0;
		}
	char list[256] = "";
	size_t len = 0;
	for (int i = 0; o->choices[i] && len < sizeof list; i++)
		len += (size_t)snprintf(list + len, sizeof list - len, "%s%s", i ? ", " : "",
		                        o->choices[i]);
	return cli_usage_error(cmd, "bad %s '%s' (%s)", opt, val, list);
}

/* Stores val into field as o says; 0, or 2 after the usage error. */
static int
set_value(const char *cmd, const char *opt, const CliOpt *o, const char *val, void *field)
{
	char *end;
	errno = 0;
	switch (o->kind) {
	case CLI_FLAG:
		*(int *)field = o->set;
		return 0;
	case CLI_INT:
	case CLI_LONG: {
		long long v = strtoll(val, &end, 10);
		if (!*val || *end || errno || (ranged(o) && (v < o->min || v > o->max)) ||
		    (o->kind == CLI_INT && (v < -2147483647LL || v > 2147483647LL)))
			return bad_number(cmd, opt, o, val);
		if (o->kind == CLI_INT)
			*(int *)field = (int)v;
		else
			*(long *)field = (long)v;
		return 0;
	}
	case CLI_U64: {
		unsigned long long v = strtoull(val, &end, 0);
		if (!*val || *val == '-' || *end || errno)
			return cli_usage_error(cmd, "bad %s '%s' (decimal or 0x hex)", opt, val);
		*(uint64_t *)field = (uint64_t)v;
		return 0;
	}
	case CLI_DOUBLE: {
		double v = strtod(val, &end);
		if (!*val || *end || errno || (ranged(o) && (v < o->min || v > o->max)))
			return bad_number(cmd, opt, o, val);
		*(double *)field = v;
		return 0;
	}
	case CLI_STRING:
		*(const char **)field = val;
		return 0;
	case CLI_LIST: {
		CliList *l = field;
		if (l->n == CLI_LIST_MAX)
			return cli_usage_error(cmd, "at most %d %s", CLI_LIST_MAX, opt);
		l->v[l->n++] = val;
		return 0;
	}
	case CLI_ENUM:
		return set_enum(cmd, opt, o, val, field);
	case CLI_FUNC:
		return o->parse(cmd, opt, val, field);
	}
	abort();
}

/* Edit distance, for "did you mean". */
static int
distance(const char *a, const char *b)
{
	int n = (int)strlen(b), row[64], prev;
	if (n >= 64 || strlen(a) >= 64)
		return 99;
	for (int j = 0; j <= n; j++)
		row[j] = j;
	for (const char *p = a; *p; p++) {
		prev = row[0]++;
		for (int j = 1; j <= n; j++) {
			int del = row[j] + 1, ins = row[j - 1] + 1, sub = prev + (*p != b[j - 1]);
			prev = row[j];
			row[j] = del < ins ? (del < sub ? del : sub) : (ins < sub ? ins : sub);
		}
	}
	return row[n];
}

static int
unknown(const char *cmd, const CliOpt *opts, const char *arg, size_t len)
{
	char given[128], best[80] = "", buf[80];
	snprintf(given, sizeof given, "%.*s", (int)(len < 100 ? len : 100), arg);
	int best_d = 99;
	for (const CliOpt *o = opts; !is_end(o); o++) {
		int d = distance(given, spelling(o, buf, sizeof buf));
		if (d < best_d)
			best_d = d, snprintf(best, sizeof best, "%s", buf);
	}
	/* Near enough to be a typo: a third of the name, at least two edits. */
	int limit = (int)strlen(given) / 3 < 2 ? 2 : (int)strlen(given) / 3;
	if (best[0] && strlen(given) > 2 && best_d <= limit)
		return cli_usage_error(cmd, "unknown option '%s'; did you mean %s?", given, best);
	return cli_usage_error(cmd, "unknown option '%s'", given);
}

static const CliOpt *
find_long(const CliOpt *opts, const char *name, size_t len)
{
	for (const CliOpt *o = opts; !is_end(o); o++)
		if (o->name && strlen(o->name) == len && !strncmp(o->name, name, len))
			return o;
	return NULL;
}

static const CliOpt *
find_short(const CliOpt *opts, char c)
{
	for (const CliOpt *o = opts; !is_end(o); o++)
		if (o->shortname == c)
			return o;
	return NULL;
}

static void
set_defaults(const char *cmd, const CliOpt *opts, void *base)
{
	char buf[80];
	for (const CliOpt *o = opts; !is_end(o); o++) {
		if (!o->def || o->kind == CLI_FLAG)
			continue;
		if (set_value(cmd, spelling(o, buf, sizeof buf), o, o->def, (char *)base + o->offset)) {
			fprintf(stderr, "fencefuzz %s: internal error: bad default of %s\n", cmd, buf);
			abort();
		}
	}
}

int
cli_parse(const char *cmd, const CliOpt *opts, void *base, int argc, char **argv, CliArgs *args)
{
	memset(args, 0, sizeof *args);
	args->opts = opts;
	args->operands = argv;
	int nopts = 0;
	while (!is_end(&opts[nopts]))
		nopts++;
	if (nopts > CLI_MAX_OPTIONS)
		abort();
	set_defaults(cmd, opts, base);
	int n = 0, i = 0;
	for (; i < argc; i++) {
		char *a = argv[i], opt[128];
		if (!strcmp(a, "--")) {
			i++;
			break;
		}
		if (a[0] != '-' || !a[1]) {
			argv[n++] = a;
			continue;
		}
		const CliOpt *o;
		const char *val = NULL;
		if (a[1] == '-') {
			const char *eq = strchr(a + 2, '=');
			size_t len = eq ? (size_t)(eq - a - 2) : strlen(a + 2);
			if (!(o = find_long(opts, a + 2, len)))
				return unknown(cmd, opts, a, eq ? (size_t)(eq - a) : strlen(a));
			snprintf(opt, sizeof opt, "--%s", o->name);
			if (eq && !takes_value(o))
				return cli_usage_error(cmd, "option '%s' takes no value", opt);
			if (eq)
				val = eq + 1;
		} else {
			if (a[2] || !(o = find_short(opts, a[1])))
				return unknown(cmd, opts, a, strlen(a));
			snprintf(opt, sizeof opt, "-%c", o->shortname);
		}
		if (takes_value(o) && !val) {
			if (i + 1 >= argc)
				return cli_usage_error(cmd, "option '%s' needs a value", opt);
			val = argv[++i];
		}
		if (set_value(cmd, opt, o, val, (char *)base + o->offset))
			return 2;
		args->count[o - opts]++;
	}
	for (; i < argc; i++)
		argv[n++] = argv[i];
	args->n = n;
	return 0;
}

int
cli_given(const CliArgs *args, const char *name)
{
	for (int k = 0; !is_end(&args->opts[k]); k++) {
		const CliOpt *o = &args->opts[k];
		if ((o->name && !strcmp(o->name, name + (name[0] == '-' && name[1] == '-' ? 2 : 0))) ||
		    (name[0] == '-' && name[1] == o->shortname && !name[2] && o->shortname))
			return args->count[k];
	}
	abort(); /* a name the table does not have: the caller's bug */
}

int
cli_one_operand(const char *cmd, const CliArgs *args, const char *what, const char **path)
{
	if (args->n == 0)
		return cli_usage_error(cmd, "missing %s", what);
	if (args->n > 1)
		return cli_usage_error(cmd, "one %s at a time", what);
	*path = args->operands[0];
	return 0;
}

/* "--name ARG" or "-o, --name ARG", as help shows it. */
static int
label(const CliOpt *o, char *buf, size_t n)
{
	int len;
	if (o->name && o->shortname)
		len = snprintf(buf, n, "-%c, --%s", o->shortname, o->name);
	else if (o->name)
		len = snprintf(buf, n, "--%s", o->name);
	else
		len = snprintf(buf, n, "-%c", o->shortname);
	if (o->arg)
		len += snprintf(buf + len, n - (size_t)len, " %s", o->arg);
	return len;
}

enum { HELP_MAX_LABEL = 20, HELP_COLUMNS = 80 };

void
cli_print_options(FILE *out, const CliOpt *opts)
{
	char buf[128];
	int width = 0;
	for (const CliOpt *o = opts; !is_end(o); o++) {
		int len = label(o, buf, sizeof buf);
		if (len <= HELP_MAX_LABEL && len > width)
			width = len;
	}
	for (const CliOpt *o = opts; !is_end(o); o++) {
		int len = label(o, buf, sizeof buf);
		/* A label wider than the column: the text goes on after two spaces,
		 * its next lines at the column. */
		(void)len;
		fprintf(out, "  %-*s  ", width, buf);
		const char *h = o->help ? o->help : "";
		int col = 4 + (len > width ? len : width);
		for (;;) {
			size_t line = strcspn(h, "\n");
			fprintf(out, "%.*s", (int)line, h);
			col += (int)line;
			h += line;
			if (!*h || !h[1])
				break;
			fprintf(out, "\n  %-*s  ", width, "");
			col = 4 + width;
			h++;
		}
		if (o->def && o->kind != CLI_FLAG) {
			if (col + 11 + (int)strlen(o->def) > HELP_COLUMNS)
				fprintf(out, "\n  %-*s ", width, "");
			fprintf(out, " (default %s)", o->def);
		}
		fputc('\n', out);
	}
}
