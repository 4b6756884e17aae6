/* cmd_report.c: `fencefuzz report`, the HTML page and the Markdown summary
 * of a results database (reports/report_*.c), and the helper the campaign
 * calls to write its report at the end. */
#define _DEFAULT_SOURCE /* realpath */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "store.h"

typedef struct ReportArgs {
	const char *db, *html, *md;
} ReportArgs;

static const CliOpt report_opts[] = {
	CLI_OPT("db", 0, CLI_STRING, offsetof(ReportArgs, db), "PATH",
	        "results database; opened read-only, so a running\n"
	        "campaign can be reported on", .def = DB_DEFAULT_PATH),
	CLI_OPT("html", 0, CLI_STRING, offsetof(ReportArgs, html), "FILE",
	        "write the page to FILE (default: DB.html beside\n"
	        "DB.sqlite, when --markdown is not given)"),
	CLI_OPT("markdown", 0, CLI_STRING, offsetof(ReportArgs, md), "FILE",
	        "write the Markdown summary to FILE; - for stdout"),
	CLI_END,
};

void
help_report(FILE *out)
{
	fprintf(out,
	        "usage: fencefuzz report [--db PATH] [--html FILE] [--markdown FILE]\n"
	        "\n"
	        "Renders the results database, and nothing else, as one self-contained HTML\n"
	        "page (inline CSS, SVG charts and one script; no network), in this order:\n"
	        "what is new since the previous campaign, by root cause; each model's\n"
	        "sound/minimal verdict (newest model first; findings triaged wontfix or\n"
	        "false-alarm do not count); every root cause; the findings under their root\n"
	        "cause, each with its witness and its reduced reproducer's first lines;\n"
	        "the campaigns (settings, fencefuzz version and commit, model versions);\n"
	        "programs/s and findings over time; the hardware runs with their rates.\n"
	        "Whole texts are not on the page: `fencefuzz repro ID` prints them\n"
	        "(TVMScript, pytest, CUDA).  The Markdown has the same numbers, as tables,\n"
	        "for CI logs.\n"
	        "\n");
	cli_print_options(out, report_opts);
	fprintf(out,
	        "\n"
	        "Prints `report: PATH` for each file written.  Exit status 2 when the\n"
	        "database cannot be read.\n");
}

/* DB.html beside DB.sqlite: the file name's last extension replaced, or
 * ".html" added when it has none (a leading dot is not an extension), so two
 * databases in one folder get two pages. */
void
cli_report_default_path(char *out, size_t n, const char *db_path)
{
	const char *slash = strrchr(db_path, '/');
	const char *base = slash ? slash + 1 : db_path;
	const char *dot = strrchr(base, '.');
	int keep = dot && dot > base ? (int)(dot - db_path) : (int)strlen(db_path);
	snprintf(out, n, "%.*s.html", keep, db_path);
}

/* "report: /abs/path" (the path as given when it cannot be resolved). */
static void
say_path(FILE *out, const char *path)
{
	char *abs = realpath(path, NULL);
	fprintf(out, "report: %s\n", abs ? abs : path);
	free(abs);
}

int
cli_write_report(const char *cmd, const char *db_path, const char *html_path,
                 const char *md_path, FILE *say)
{
	char err[1024];
	if (rp_write(db_path, html_path, md_path, err, sizeof err) < 0) {
		/* "fencefuzz report: PATH: why", "fencefuzz campaign: report: PATH: why" */
		fprintf(stderr, "fencefuzz %s: %s%s\n", cmd, strcmp(cmd, "report") ? "report: " : "", err);
		return -1;
	}
	if (html_path && strcmp(html_path, "-"))
		say_path(say, html_path);
	if (md_path && strcmp(md_path, "-"))
		say_path(say, md_path);
	return 0;
}

int
cmd_report(int argc, char **argv)
{
	ReportArgs r = {0};
	CliArgs args;
	if (cli_parse("report", report_opts, &r, argc, argv, &args))
		return 2;
	if (args.n)
		return cli_usage_error("report", "unknown argument '%s'", args.operands[0]);
	const char *db = r.db, *html = r.html, *md = r.md;
	char defpath[4096];
	if (!html && !md) {
		cli_report_default_path(defpath, sizeof defpath, db);
		html = defpath;
	}
	if (html && md && !strcmp(html, "-") && !strcmp(md, "-"))
		return cli_usage_error("report", "--html and --markdown cannot both be stdout");
	int to_stdout = (html && !strcmp(html, "-")) || (md && !strcmp(md, "-"));
	return cli_write_report("report", db, html, md, to_stdout ? stderr : stdout) ? 2 : 0;
}
