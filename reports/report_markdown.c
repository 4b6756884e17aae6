/* report_markdown.c: the report's numbers as Markdown, for CI logs and
 * GitHub step summaries: the same Report as the HTML page (report_data.c)
 * and the same number formats, as tables; no charts, no program texts.
 * Cells are HTML-escaped (Markdown passes inline HTML through), and '|',
 * '`', '*', '\\' and line breaks are neutralised so no text breaks a table. */
#include "store.h"

enum { MD_MAX_FINDINGS = 50, MD_MAX_CAMPAIGNS = 10, MD_MAX_HW = 20 };

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
verdict(StrBuf *sb, const RpVerdict *v)
{
	if (v->unsound)
		sb_printf(sb, "**unsound (%ld)**", v->unsound);
	else
		sb_puts(sb, "sound");
	sb_puts(sb, ", ");
	if (v->not_minimal)
		sb_printf(sb, "**not minimal (%ld)**", v->not_minimal);
	else
		sb_puts(sb, "minimal");
}

void
rp_markdown(StrBuf *sb, const Report *r)
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

	sb_puts(sb, "### Models\n\n");
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
			sb_puts(sb, "| ");
			cell(sb, m->name);
			sb_printf(sb, " | %ld | %ld |", m->campaigns, m->programs);
			for (int k = 0; k < r->nkinds; k++)
				sb_printf(sb, " %ld (%ld) |", m->distinct[k], m->occurrences[k]);
			sb_putc(sb, ' ');
			if (m->campaigns || m->verdict.unsound || m->verdict.not_minimal || m->verdict.other)
				verdict(sb, &m->verdict);
			else
				sb_puts(sb, "not run");
			sb_puts(sb, " |\n");
		}
		sb_puts(sb, "\nKind cells: distinct findings (occurrences). Sound: no unsound, "
		            "unsound-war or handshake finding; minimal: no unnecessary-fence, "
		            "suboptimal-placement or alias-redundant-fence finding.\n\n");
	}

	sb_puts(sb, "### Campaigns\n\n");
	if (!r->ncampaigns)
		sb_puts(sb, "No campaigns yet: run `fencefuzz campaign`.\n\n");
	else {
		int n = r->ncampaigns < MD_MAX_CAMPAIGNS ? r->ncampaigns : MD_MAX_CAMPAIGNS;
		if (n < r->campaigns_total)
			sb_printf(sb, "The newest %d of %ld.\n\n", n, r->campaigns_total);
		sb_puts(sb, "| id | started | status | duration | programs | programs/s | new findings "
		            "| seen | seed | engine | verdicts |\n"
		            "|---:|---|---|---:|---:|---:|---:|---:|---|---|---|\n");
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

	sb_puts(sb, "### Findings\n\n");
	if (!r->nfindings)
		sb_puts(sb, "No findings in this database.\n\n");
	else {
		int n = r->nfindings < MD_MAX_FINDINGS ? r->nfindings : MD_MAX_FINDINGS;
		if (n < r->findings_total)
			sb_printf(sb, "The %d most frequent of %ld distinct findings.\n\n", n, r->findings_total);
		if (!r->reproducers_total)
			sb_puts(sb, "No reproducers yet: run `fencefuzz reduce` / campaigns reduce new "
			            "findings.\n\n");
		sb_puts(sb, "| id | kind | model | count | first seen | last seen | status | reproducers "
		            "| hardware | message |\n|---:|---|---|---:|---|---|---|---:|---|---|\n");
		for (int i = 0; i < n; i++) {
			const RpFinding *f = &r->findings[i];
			sb_printf(sb, "| %lld | ", (long long)f->id);
			cell(sb, f->kind);
			sb_puts(sb, " | ");
			cell(sb, f->model);
			sb_printf(sb, " | %ld | ", f->count);
			cell(sb, f->first_seen);
			sb_puts(sb, " | ");
			cell(sb, f->last_seen);
			sb_puts(sb, " | ");
			cell(sb, f->status);
			sb_printf(sb, " | %ld | ", f->repro_total);
			if (f->hw_runs) {
				char rate[32];
				rp_fmt_rate(rate, sizeof rate, f->hw_rate);
				sb_printf(sb, "%ld of %ld runs; %ld of %ld trials (%s)", f->hw_reproduced, f->hw_runs,
				          f->hw_mismatches, f->hw_trials, rate);
				if (f->hw_standin)
					sb_printf(sb, "; %ld with a stand-in op", f->hw_standin);
			} else
				sb_puts(sb, "not run");
			sb_puts(sb, " | ");
			cell(sb, f->message);
			sb_puts(sb, " |\n");
		}
		sb_putc(sb, '\n');
	}

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
