/* report_markdown.c: the report's numbers as Markdown, for CI logs and
 * GitHub step summaries: the same Report as the HTML page (report_data.c)
 * and the same number formats, in the same order (new since the previous
 * campaign, verdicts, root causes), as tables; no charts, no program texts.
 * Cells are HTML-escaped (Markdown passes inline HTML through), and '|',
 * '`', '*', '\\' and line breaks are neutralised so no text breaks a table. */
#include "store.h"

enum { MD_MAX_GROUPS = 50, MD_MAX_CAMPAIGNS = 10, MD_MAX_HW = 20 };

static void
cell(StrBuf *sb, const char *s)
{
	if (!s || !*s) {
		sb_puts(sb, "-");
		return;
	}
	StrBuf e;
	sb_init(&e);
	rp_escape_html(&e, s);
	for (size_t i = 0; i < e.len; i++) {
		char c = e.p[i];
		if (c == '|' || c == '`' || c == '\\' || c == '*') {
			sb_putc(sb, '\\');
			sb_putc(sb, c);
		} else if (c == '\n' || c == '\r' || c == '\t')
			sb_putc(sb, ' ');
		else
			sb_putc(sb, c);
	}
	sb_free(&e);
}

static void
verdict_word(StrBuf *sb, long findings, long causes, const char *bad, const char *good)
{
	if (!findings) {
		sb_puts(sb, good);
		return;
	}
	sb_printf(sb, "**%s (%ld finding%s", bad, findings, findings == 1 ? "" : "s");
	if (causes > 0)
		sb_printf(sb, ", %ld root cause%s", causes, causes == 1 ? "" : "s");
	sb_puts(sb, ")**");
}

static void
verdict(StrBuf *sb, const RpVerdict *v)
{
	verdict_word(sb, v->unsound, v->unsound_causes, "unsound", "sound");
	sb_puts(sb, ", ");
	verdict_word(sb, v->not_minimal, v->not_minimal_causes, "not minimal", "minimal");
	if (v->triaged)
		sb_printf(sb, " (%ld triaged, not counted)", v->triaged);
}

static void
cause_row(StrBuf *sb, const Report *r, const RpGroup *g)
{
	sb_puts(sb, "| ");
	cell(sb, g->model);
	sb_puts(sb, " | ");
	if (g->root_cause)
		cell(sb, g->root_cause);
	else
		sb_puts(sb, "(unexplained)");
	if (g->is_new)
		sb_puts(sb, " **new**");
	sb_puts(sb, " | ");
	cell(sb, g->kinds);
	sb_printf(sb, " | %ld | %ld | %ld | ", g->findings, g->new_findings, g->occurrences);
	cell(sb, g->statuses);
	if (g->cls == 3)
		sb_puts(sb, " (triaged)");
	sb_puts(sb, " | ");
	if (g->rep >= 0)
		sb_printf(sb, "%lld", (long long)r->findings[g->rep].id);
	else
		sb_puts(sb, "-");
	sb_puts(sb, " |\n");
}

static const char cause_head[] =
	"| model | root cause | kinds | findings | new | occurrences | status | to file |\n"
	"|---|---|---|---:|---:|---:|---|---:|\n";

static void
md_summary(StrBuf *sb, const Report *r)
{
	sb_puts(sb, "## fencefuzz report\n\n");
	sb_printf(sb,
	          "%ld campaigns, %ld programs generated, %ld distinct findings (%ld occurrences), "
	          "%ld reproducers, %ld hardware runs. Database `",
	          r->campaigns_total, r->execs_total, r->findings_total, r->occurrences_total,
	          r->reproducers_total, r->hw_total);
	cell(sb, r->db_path);
	sb_puts(sb, "`, generated ");
	cell(sb, r->generated_at);
	sb_puts(sb, ".\n\n");
}

static void
md_new(StrBuf *sb, const Report *r)
{
	sb_puts(sb, "### New\n\n");
	if (!r->ncampaigns)
		sb_puts(sb, "No campaigns yet.\n\n");
	else if (!r->new_total)
		sb_printf(sb, "Nothing new in campaign %lld.\n\n", (long long)r->latest);
	else {
		sb_printf(sb, "Campaign %lld (", (long long)r->latest);
		if (r->previous)
			sb_printf(sb, "since campaign %lld", (long long)r->previous);
		else
			sb_puts(sb, "the first");
		sb_printf(sb, "): %ld new findings under %ld root causes.  `fencefuzz repro ID --pytest` "
		              "prints a finding's test case.\n\n",
		          r->new_total, r->new_groups);
		sb_puts(sb, cause_head);
		int n = 0;
		for (int pass = 0; pass < 2; pass++)
			for (int g = 0; g < r->ngroups; g++)
				if (r->groups[g].new_findings && r->groups[g].is_new == !pass &&
				    n++ < MD_MAX_GROUPS)
					cause_row(sb, r, &r->groups[g]);
		if (n > MD_MAX_GROUPS)
			sb_printf(sb, "\n%d more in the HTML report.\n", n - MD_MAX_GROUPS);
		sb_putc(sb, '\n');
	}
}

static void
md_models(StrBuf *sb, const Report *r)
{
	sb_puts(sb, "### Verdicts by model\n\n");
	if (!r->nmodels)
		sb_puts(sb, "No models: no campaign has run yet.\n\n");
	else {
		sb_puts(sb, "| model | campaigns | programs checked |");
		for (int k = 0; k < r->nkinds; k++) {
			sb_putc(sb, ' ');
			cell(sb, r->kinds[k]);
			sb_puts(sb, " |");
		}
		sb_puts(sb, " verdict |\n|---|---:|---:|");
		for (int k = 0; k < r->nkinds; k++)
			sb_puts(sb, "---:|");
		sb_puts(sb, "---|\n");
		for (int i = 0; i < r->nmodels; i++) {
			const RpModel *m = &r->models[i];
			const RpVerdict *v = &m->verdict;
			sb_puts(sb, "| ");
			cell(sb, m->name);
			sb_printf(sb, " | %ld | %ld |", m->campaigns, m->programs);
			for (int k = 0; k < r->nkinds; k++)
				sb_printf(sb, " %ld (%ld) |", m->distinct[k], m->occurrences[k]);
			sb_putc(sb, ' ');
			if (m->campaigns || v->unsound || v->not_minimal || v->other || v->triaged)
				verdict(sb, v);
			else
				sb_puts(sb, "not run");
			sb_puts(sb, " |\n");
		}
		sb_puts(sb, "\nKind cells: distinct findings (occurrences). Sound: no unsound, "
		            "unsound-war or handshake finding; minimal: no unnecessary-fence, "
		            "suboptimal-placement or alias-redundant-fence finding; findings triaged "
		            "wontfix or false-alarm do not count.\n\n");
	}
}

static void
md_root_causes(StrBuf *sb, const Report *r)
{
	sb_puts(sb, "### Root causes\n\n");
	if (!r->ngroups)
		sb_puts(sb, "No findings in this database.\n\n");
	else {
		int n = r->ngroups < MD_MAX_GROUPS ? r->ngroups : MD_MAX_GROUPS;
		if (n < r->groups_total)
			sb_printf(sb, "%d of %ld root causes (those with the most findings).\n\n", n,
			          r->groups_total);
		if (!r->reproducers_total)
			sb_puts(sb, "No reproducers yet: run `fencefuzz reduce` / campaigns reduce new "
			            "findings.\n\n");
		sb_puts(sb, cause_head);
		for (int g = 0; g < n; g++)
			cause_row(sb, r, &r->groups[g]);
		sb_putc(sb, '\n');
	}
}

static void
md_campaigns(StrBuf *sb, const Report *r)
{
	sb_puts(sb, "### Campaigns\n\n");
	if (!r->ncampaigns)
		sb_puts(sb, "No campaigns yet: run `fencefuzz campaign`.\n\n");
	else {
		int n = r->ncampaigns < MD_MAX_CAMPAIGNS ? r->ncampaigns : MD_MAX_CAMPAIGNS;
		if (n < r->campaigns_total)
			sb_printf(sb, "The newest %d of %ld.\n\n", n, r->campaigns_total);
		sb_puts(sb, "| id | started | status | duration | programs | programs/s | new findings "
		            "| seen | seed | engine | fencefuzz | verdicts |\n"
		            "|---:|---|---|---:|---:|---:|---:|---:|---|---|---|---|\n");
		for (int i = 0; i < n; i++) {
			const RpCampaign *c = &r->campaigns[i];
			char dur[32], rate[32];
			rp_fmt_duration(dur, sizeof dur, c->duration_s);
			rp_fmt_per_s(rate, sizeof rate, c->programs_per_s);
			sb_printf(sb, "| %lld | ", (long long)c->id);
			cell(sb, c->started_at);
			sb_puts(sb, " | ");
			cell(sb, c->status);
			sb_printf(sb, " | %s | %ld | %s | %ld | %ld | ", dur, c->execs, rate, c->new_findings,
			          c->seen_findings);
			cell(sb, c->seed);
			sb_puts(sb, " | ");
			cell(sb, c->engine);
			sb_puts(sb, " | ");
			cell(sb, c->fencefuzz_version);
			if (c->fencefuzz_commit) {
				sb_puts(sb, " ");
				cell(sb, c->fencefuzz_commit);
			}
			sb_puts(sb, " | ");
			for (int v = 0; v < c->nverdicts; v++) {
				if (v)
					sb_puts(sb, "; ");
				cell(sb, c->verdicts[v].model);
				sb_puts(sb, ": ");
				verdict(sb, &c->verdicts[v]);
			}
			sb_puts(sb, " |\n");
		}
		sb_putc(sb, '\n');
	}
}

static void
md_hw(StrBuf *sb, const Report *r)
{
	sb_puts(sb, "### Hardware runs\n\n");
	if (!r->nhw)
		sb_puts(sb, "No hardware runs: `fencefuzz confirm`.\n");
	else {
		int n = r->nhw < MD_MAX_HW ? r->nhw : MD_MAX_HW;
		if (n < r->hw_total)
			sb_printf(sb, "The newest %d of %ld.\n\n", n, r->hw_total);
		sb_puts(sb, "| id | finding | device | trials | mismatches | rate | outcome |\n"
		            "|---:|---:|---|---:|---:|---:|---|\n");
		for (int i = 0; i < n; i++) {
			const RpHwRun *h = &r->hw[i];
			char rate[32];
			rp_fmt_rate(rate, sizeof rate, h->rate);
			sb_printf(sb, "| %lld | ", (long long)h->id);
			if (h->finding_id)
				sb_printf(sb, "%lld", (long long)h->finding_id);
			else
				sb_puts(sb, "-");
			sb_puts(sb, " | ");
			cell(sb, h->device);
			sb_printf(sb, " | %ld | %ld | %s | ", h->trials, h->mismatches, rate);
			cell(sb, h->outcome);
			sb_puts(sb, " |\n");
		}
	}
}

void
rp_markdown(StrBuf *sb, const Report *r)
{
	md_summary(sb, r);
	md_new(sb, r);
	md_models(sb, r);
	md_root_causes(sb, r);
	md_campaigns(sb, r);
	md_hw(sb, r);
}
