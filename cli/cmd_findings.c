/* cmd_findings.c: `fencefuzz findings`, the stored findings with their IDs,
 * one row per finding or per root cause (reports/store.h: listing and
 * triage), as text for a person or JSON for a script. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "store.h"

typedef struct FindingsArgs {
	const char *db_path, *since;
	int by, json;
	DbFilter f;
} FindingsArgs;

static int
parse_status(const char *cmd, const char *opt, const char *val, void *field)
{
	if (!db_status_valid(val) && strcmp(val, "open"))
		return cli_usage_error(cmd, "unknown status '%s' (%s, open)", val, DB_STATUSES);
	*(const char **)field = val;
	return 0;
}

static const char *const by_choices[] = {"root-cause", NULL};

#define F(f) offsetof(FindingsArgs, f)
static const CliOpt findings_opts[] = {
	CLI_OPT("db", 0, CLI_STRING, F(db_path), "PATH", "results database", .def = DB_DEFAULT_PATH),
	CLI_OPT("by", 0, CLI_ENUM, F(by), "root-cause",
	        "one row per (model, kind, root cause), unexplained\n"
	        "findings grouped by model and kind: the row's ID R<n>\n"
	        "(n its smallest finding ID; `fencefuzz triage R<n>`\n"
	        "triages all of it), its finding IDs, summed counts", .choices = by_choices),
	CLI_OPT("new-since", 0, CLI_STRING, F(since), "C",
	        "only what was first found after campaign C (an ID, or\n"
	        "`previous`: the campaign before the newest, so the\n"
	        "newest campaign's new rows); with --by root-cause, root\n"
	        "causes none of whose findings was found at or before C"),
	CLI_OPT("model", 0, CLI_STRING, F(f.model), "M", "only that model"),
	CLI_OPT("kind", 0, CLI_FUNC, F(f.kind), "K", "only that kind", .parse = cli_parse_kind_name),
	CLI_OPT("status", 0, CLI_FUNC, F(f.status), "S",
	        "new, confirmed, wontfix, false-alarm, fixed, or open\n"
	        "(new, confirmed and fixed: those that count toward red)", .parse = parse_status),
	CLI_OPT("json", 0, CLI_FLAG, F(json), NULL, "a JSON array, one object per row (below)", .set = 1),
	CLI_END,
};
#undef F

void
help_findings(FILE *out)
{
	fprintf(out,
	        "usage: fencefuzz findings [--db PATH] [--new-since CAMPAIGN] [--model M]\n"
	        "                          [--kind K] [--status S] [--by root-cause] [--json]\n"
	        "\n"
	        "Lists the findings of the results database with their IDs (the IDs that\n"
	        "repro, promote, confirm --finding and triage take): kind, model, root cause,\n"
	        "occurrences, status and the campaign that first found each.  The root cause\n"
	        "is the rule of the model to blame, as the model explains its decision;\n"
	        "`(unexplained)` when the model gave none.  Most important first: findings\n"
	        "that count toward the red verdicts before those triaged away, then by kind\n"
	        "(unsound first), model, root cause and count.\n"
	        "\n");
	cli_print_options(out, findings_opts);
	fprintf(out,
	        "\n"
	        "JSON per finding: id, model, kind, oracle, root_cause (null: unexplained),\n"
	        "count, status, first_campaign (null: none), first_seen, last_seen,\n"
	        "signature, message, triage_note.  Per root cause: id (\"R<n>\"), model,\n"
	        "kind, root_cause, count (summed), status (\"mixed\" when its findings\n"
	        "differ), counting (findings that count toward red), first_campaign,\n"
	        "last_seen, findings (the IDs).\n"
	        "\n"
	        "exit status: 0 listed (also when nothing matches), 2 usage or database error\n");
}

static void
json_string(FILE *out, const char *s)
{
	if (!s) {
		fputs("null", out);
		return;
	}
	fputc('"', out);
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;
		if (c == '"' || c == '\\')
			fprintf(out, "\\%c", c);
		else if (c < 0x20)
			fprintf(out, "\\u%04x", c);
		else
			fputc(c, out);
	}
	fputc('"', out);
}

static void
json_campaign(FILE *out, int64_t id)
{
	if (id > 0)
		fprintf(out, "%lld", (long long)id);
	else
		fputs("null", out);
}

/* `, "name": value` with value a JSON string (or null). */
static void
json_field(FILE *out, const char *name, const char *value)
{
	fprintf(out, ", \"%s\": ", name);
	json_string(out, value);
}

typedef struct Listing {
	FILE *out;
	int json;
	long rows;
} Listing;

static const char *
cause_text(const char *root_cause)
{
	return root_cause ? root_cause : "(unexplained)";
}

static int
print_finding(void *ctx, const DbFindingItem *it)
{
	Listing *l = ctx;
	FILE *out = l->out;
	if (l->json) {
		fprintf(out, "%s{\"id\": %lld, \"model\": ", l->rows ? ",\n" : "", (long long)it->id);
		json_string(out, it->model);
		json_field(out, "kind", it->kind);
		json_field(out, "oracle", it->oracle);
		json_field(out, "root_cause", it->root_cause);
		fprintf(out, ", \"count\": %ld", it->count);
		json_field(out, "status", it->status);
		fputs(", \"first_campaign\": ", out);
		json_campaign(out, it->first_campaign);
		json_field(out, "first_seen", it->first_seen);
		json_field(out, "last_seen", it->last_seen);
		json_field(out, "signature", it->signature);
		json_field(out, "message", it->message);
		json_field(out, "triage_note", it->triage_note);
		fputc('}', out);
	} else {
		if (!l->rows)
			fprintf(out, "%-6s %-18s %-22s %7s %-11s %5s  %s\n", "ID", "MODEL", "KIND", "COUNT",
			        "STATUS", "FIRST", "ROOT CAUSE");
		char first[24] = "-";
		if (it->first_campaign > 0)
			snprintf(first, sizeof first, "%lld", (long long)it->first_campaign);
		fprintf(out, "%-6lld %-18s %-22s %7ld %-11s %5s  %s\n", (long long)it->id,
		        it->model ? it->model : "", it->kind ? it->kind : "", it->count,
		        it->status ? it->status : "", first, cause_text(it->root_cause));
	}
	l->rows++;
	return 0;
}

static int
print_root_cause(void *ctx, const DbRootCauseItem *it)
{
	Listing *l = ctx;
	FILE *out = l->out;
	if (l->json) {
		fprintf(out, "%s{\"id\": \"R%lld\", \"model\": ", l->rows ? ",\n" : "", (long long)it->id);
		json_string(out, it->model);
		json_field(out, "kind", it->kind);
		json_field(out, "root_cause", it->root_cause);
		fprintf(out, ", \"count\": %ld", it->count);
		json_field(out, "status", it->status);
		fprintf(out, ", \"counting\": %ld, \"first_campaign\": ", it->counting);
		json_campaign(out, it->first_campaign);
		json_field(out, "last_seen", it->last_seen);
		fputs(", \"findings\": [", out);
		for (long i = 0; i < it->nfindings; i++)
			fprintf(out, "%s%lld", i ? ", " : "", (long long)it->findings[i]);
		fputs("]}", out);
	} else {
		if (!l->rows)
			fprintf(out, "%-7s %-18s %-22s %7s %-11s %5s  %s\n", "ID", "MODEL", "KIND", "COUNT",
			        "STATUS", "FIRST", "ROOT CAUSE: FINDINGS");
		char id[24], first[24] = "-";
		snprintf(id, sizeof id, "R%lld", (long long)it->id);
		if (it->first_campaign > 0)
			snprintf(first, sizeof first, "%lld", (long long)it->first_campaign);
		fprintf(out, "%-7s %-18s %-22s %7ld %-11s %5s  %s:", id, it->model ? it->model : "",
		        it->kind ? it->kind : "", it->count, it->status, first,
		        cause_text(it->root_cause));
		for (long i = 0; i < it->nfindings; i++)
			fprintf(out, " %lld", (long long)it->findings[i]);
		fputc('\n', out);
	}
	l->rows++;
	return 0;
}

/* CAMPAIGN of --new-since: a campaign id, or `previous` (the newest but one). */
static int
resolve_campaign(Db *db, const char *text, int64_t *out)
{
	if (!strcmp(text, "previous")) {
		int64_t latest = db_campaign_latest(db);
		if (latest < 0) {
			fprintf(stderr, "fencefuzz findings: %s\n", db_error(db));
			return 2;
		}
		/* No campaign before the newest: everything is new since "campaign 0". */
		*out = latest > 1 ? latest - 1 : 0;
		return 0;
	}
	char *end;
	long long v = strtoll(text, &end, 10);
	if (*end || end == text || v < 0)
		return cli_usage_error("findings", "bad --new-since '%s' (a campaign ID or previous)", text);
	*out = v;
	return 0;
}

int
cmd_findings(int argc, char **argv)
{
	FindingsArgs fa = {.by = -1};
	CliArgs args;
	if (cli_parse("findings", findings_opts, &fa, argc, argv, &args))
		return 2;
	if (args.n)
		return cli_usage_error("findings", "unknown argument '%s'", args.operands[0]);
	const char *db_path = fa.db_path, *since = fa.since;
	DbFilter f = fa.f;
	int by_root = fa.by == 0, json = fa.json;
	/* Reading only: a database that is not there is an error, not a new file. */
	FILE *probe = fopen(db_path, "rb");
	if (!probe) {
		fprintf(stderr, "fencefuzz findings: %s: cannot open: no such database\n", db_path);
		return 2;
	}
	fclose(probe);
	char err[512];
	Db *db;
	if (db_open(db_path, &db, err, sizeof err)) {
		fprintf(stderr, "fencefuzz findings: %s\n", err);
		return 2;
	}
	if (since) {
		int rc = resolve_campaign(db, since, &f.new_since);
		if (rc) {
			db_close(db);
			return rc;
		}
	}
	Listing l = {stdout, json, 0};
	if (json)
		fputs("[\n", stdout);
	int rc = by_root ? db_root_causes_list(db, &f, print_root_cause, &l)
	                 : db_findings_list(db, &f, print_finding, &l);
	if (json)
		fputs(l.rows ? "\n]\n" : "]\n", stdout);
	else if (!rc && !l.rows)
		printf("no findings%s\n", f.model || f.kind || f.status || since ? " match" : "");
	if (rc)
		fprintf(stderr, "fencefuzz findings: %s: %s\n", db_path, db_error(db));
	db_close(db);
	return rc ? 2 : 0;
}
