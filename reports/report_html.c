/* report_html.c: the campaign at a glance, as one self-contained HTML page.
 *
 * Everything is inline: the CSS, the charts (SVG) and one small script that
 * opens a finding's details when its link is followed and counts the
 * findings rows into data attributes (the browser test reads them).  The
 * page's Content-Security-Policy allows only that script and that style, by
 * their SHA-256, and nothing from the network; every text from the database
 * goes through rp_escape_html, so a program holding "<script>" is shown, not
 * run (and would be refused by the policy if it ever reached the DOM).
 */
#include "store.h"

#include <stdlib.h>
#include <string.h>

static const char css[] =
	"body{font:14px/1.45 system-ui,sans-serif;margin:0 auto;max-width:1200px;padding:0 16px 48px;"
	"color:#1b1f24}\n"
	"h1{margin:20px 0 2px}h2{margin-top:32px;border-bottom:1px solid #d0d7de}\n"
	".meta{color:#57606a;margin:0}\n"
	"nav a{margin-right:14px}\n"
	".cards{display:flex;flex-wrap:wrap;gap:10px;margin:14px 0}\n"
	".card{border:1px solid #d0d7de;border-radius:6px;padding:8px 14px;min-width:120px}\n"
	".card b{display:block;font-size:22px}\n"
	"table{border-collapse:collapse;margin:8px 0;width:100%}\n"
	"th,td{border:1px solid #d0d7de;padding:3px 7px;text-align:left;vertical-align:top}\n"
	"th{background:#f6f8fa}td.n{text-align:right;font-variant-numeric:tabular-nums}\n"
	".ok{color:#116329;font-weight:600}.bad{color:#b42318;font-weight:600}"
	".na{color:#6e7781}\n"
	"pre{background:#f6f8fa;border:1px solid #d0d7de;padding:8px;overflow:auto;max-height:420px;"
	"white-space:pre}\n"
	"details.finding{border:1px solid #d0d7de;border-radius:6px;margin:6px 0;padding:4px 10px}\n"
	"details.finding[open]{background:#fcfcfd}\n"
	"summary{cursor:pointer}\n"
	".empty{background:#fff8c5;border:1px solid #d4a72c;border-radius:6px;padding:6px 10px}\n"
	".charts{display:flex;flex-wrap:wrap;gap:12px}\n"
	"svg.chart{flex:1 1 460px;max-width:640px;border:1px solid #d0d7de;border-radius:6px}\n"
	".wide{overflow-x:auto}\n"
	"svg .grid{stroke:#eaeef2}svg .axis{stroke:#57606a}\n"
	"svg text{font:11px system-ui,sans-serif;fill:#1b1f24}\n"
	"svg .yt{text-anchor:end}svg .xt,svg .xl,svg .yl{text-anchor:middle}\n"
	"svg .ct{font-weight:600;font-size:13px}\n"
	"code{background:#f6f8fa;padding:0 3px}\n";

/* Runs after the page is parsed (it is the last element of body). */
static const char script[] =
	"(function(){\n"
	"var rows=document.querySelectorAll('#findings tbody tr.finding-row');\n"
	"document.body.setAttribute('data-finding-rows',String(rows.length));\n"
	"function openHash(){var id=decodeURIComponent(location.hash.slice(1));if(!id)return;\n"
	"var e=document.getElementById(id);if(!e)return;var d=e.closest('details');\n"
	"if(d)d.open=true;e.scrollIntoView();}\n"
	"window.addEventListener('hashchange',openHash);openHash();\n"
	"document.body.setAttribute('data-ready','1');\n"
	"})();\n";

static void
esc(StrBuf *sb, const char *s)
{
	rp_escape_html(sb, s);
}

/* Text, or a greyed placeholder when the database has none. */
static void
esc_or(StrBuf *sb, const char *s, const char *none)
{
	if (s && *s)
		esc(sb, s);
	else {
		sb_puts(sb, "<span class=\"na\">");
		esc(sb, none);
		sb_puts(sb, "</span>");
	}
}

static void
pre(StrBuf *sb, const char *cls, const char *text)
{
	sb_printf(sb, "<pre class=\"%s\">", cls);
	esc(sb, text);
	sb_puts(sb, "</pre>\n");
}

static void
card(StrBuf *sb, long value, const char *label)
{
	sb_printf(sb, "<div class=\"card\"><b>%ld</b>", value);
	esc(sb, label);
	sb_puts(sb, "</div>\n");
}

static void
verdict_cells(StrBuf *sb, const RpVerdict *v, int ran)
{
	if (!ran) {
		sb_puts(sb, "<td class=\"na\">not run</td><td class=\"na\">not run</td>");
		return;
	}
	if (v->unsound)
		sb_printf(sb, "<td class=\"bad\">unsound (%ld)</td>", v->unsound);
	else
		sb_puts(sb, "<td class=\"ok\">sound</td>");
	if (v->not_minimal)
		sb_printf(sb, "<td class=\"bad\">not minimal (%ld)</td>", v->not_minimal);
	else
		sb_puts(sb, "<td class=\"ok\">minimal</td>");
}

static void
verdict_inline(StrBuf *sb, const RpVerdict *v)
{
	esc(sb, v->model);
	sb_puts(sb, ": ");
	if (v->unsound)
		sb_printf(sb, "<span class=\"bad\">unsound (%ld)</span>", v->unsound);
	else
		sb_puts(sb, "<span class=\"ok\">sound</span>");
	sb_puts(sb, ", ");
	if (v->not_minimal)
		sb_printf(sb, "<span class=\"bad\">not minimal (%ld)</span>", v->not_minimal);
	else
		sb_puts(sb, "<span class=\"ok\">minimal</span>");
}

static void
head(StrBuf *sb, const Report *r)
{
	char script_hash[64], style_hash[64];
	rp_csp_hash(script, script_hash, sizeof script_hash);
	rp_csp_hash(css, style_hash, sizeof style_hash);
	sb_puts(sb, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n");
	sb_printf(sb,
	          "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
	          "style-src '%s'; script-src '%s'; img-src 'none'; base-uri 'none'; "
	          "form-action 'none'\">\n",
	          style_hash, script_hash);
	sb_puts(sb, "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n");
	sb_puts(sb, "<title>fencefuzz report: ");
	esc(sb, r->db_path);
	sb_printf(sb, "</title>\n<style>%s</style>\n</head>\n", css);
}

static void
glance(StrBuf *sb, const Report *r)
{
	sb_puts(sb, "<header>\n<h1>fencefuzz report</h1>\n<p class=\"meta\">database <code>");
	esc(sb, r->db_path);
	sb_printf(sb, "</code> (schema version %d), generated ", r->schema);
	esc(sb, r->generated_at);
	sb_puts(sb, " from the database alone</p>\n</header>\n");
	sb_puts(sb, "<nav><a href=\"#models\">models</a><a href=\"#campaigns\">campaigns</a>"
	            "<a href=\"#charts\">over time</a><a href=\"#findings\">findings</a>"
	            "<a href=\"#hardware\">hardware runs</a></nav>\n");
	sb_puts(sb, "<section id=\"glance\">\n<div class=\"cards\">\n");
	card(sb, r->campaigns_total, "campaigns");
	card(sb, r->execs_total, "programs generated");
	card(sb, r->findings_total, "distinct findings");
	card(sb, r->occurrences_total, "occurrences");
	card(sb, r->reproducers_total, "reproducers");
	card(sb, r->hw_total, "hardware runs");
	sb_puts(sb, "</div>\n");
	if (r->ncampaigns) {
		const RpCampaign *c = &r->campaigns[0];
		char dur[32], rate[32];
		rp_fmt_duration(dur, sizeof dur, c->duration_s);
		rp_fmt_per_s(rate, sizeof rate, c->programs_per_s);
		sb_printf(sb, "<p id=\"latest\">Latest: <a href=\"#campaign-%lld\">campaign %lld</a>, ",
		          (long long)c->id, (long long)c->id);
		esc(sb, c->status);
		sb_puts(sb, ", started ");
		esc(sb, c->started_at);
		sb_printf(sb, ", %s, %ld programs (%s programs/s), %ld new distinct findings, %ld seen.",
		          dur, c->execs, rate, c->new_findings, c->seen_findings);
		if (c->nverdicts) {
			sb_puts(sb, "<br>Verdicts: ");
			for (int v = 0; v < c->nverdicts; v++) {
				if (v)
					sb_puts(sb, "; ");
				verdict_inline(sb, &c->verdicts[v]);
			}
		}
		sb_puts(sb, "</p>\n");
	} else {
		sb_puts(sb, "<p class=\"empty\">no campaigns yet: run <code>fencefuzz campaign</code></p>\n");
	}
	sb_puts(sb, "</section>\n");
}

static void
models(StrBuf *sb, const Report *r)
{
	sb_puts(sb, "<section id=\"models\">\n<h2>Models</h2>\n");
	sb_puts(sb, "<p>Over every campaign in the database.  <b>Programs checked</b>: programs of "
	            "the campaigns that ran the model (each program goes through every model of its "
	            "campaign).  A kind's cell is <i>distinct findings (occurrences)</i>.  "
	            "<b>Sound</b>: no unsound, unsound-war or handshake finding; <b>minimal</b>: no "
	            "unnecessary-fence, suboptimal-placement or alias-redundant-fence finding "
	            "(the number is the distinct findings against it).</p>\n");
	if (!r->nmodels) {
		sb_puts(sb, "<p class=\"empty\">no models: no campaign has run yet</p>\n</section>\n");
		return;
	}
	sb_puts(sb, "<div class=\"wide\"><table id=\"model-table\">\n<thead><tr><th>model</th><th>campaigns</th>"
	            "<th>programs checked</th>");
	for (int k = 0; k < r->nkinds; k++) {
		sb_puts(sb, "<th>");
		esc(sb, r->kinds[k]);
		sb_puts(sb, "</th>");
	}
	sb_puts(sb, "<th>sound</th><th>minimal</th></tr></thead>\n<tbody>\n");
	for (int i = 0; i < r->nmodels; i++) {
		const RpModel *m = &r->models[i];
		sb_puts(sb, "<tr class=\"model-row\"><td>");
		esc(sb, m->name);
		sb_printf(sb, "</td><td class=\"n\">%ld</td><td class=\"n\">%ld</td>", m->campaigns,
		          m->programs);
		for (int k = 0; k < r->nkinds; k++)
			if (m->distinct[k])
				sb_printf(sb, "<td class=\"n\">%ld (%ld)</td>", m->distinct[k], m->occurrences[k]);
			else
				sb_puts(sb, "<td class=\"n na\">0</td>");
		verdict_cells(sb, &m->verdict, m->campaigns > 0 || m->verdict.unsound ||
		                                   m->verdict.not_minimal || m->verdict.other);
		sb_puts(sb, "</tr>\n");
	}
	sb_puts(sb, "</tbody>\n</table></div>\n</section>\n");
}

/* "The newest N of M things." where a list was cut to its newest rows. */
static void
newest_of(StrBuf *sb, int shown, long total, const char *things)
{
	if (shown < total)
		sb_printf(sb, "<p>The newest %d of %ld %s.</p>\n", shown, total, things);
}

/* Opens a section of a list: its heading, then either the line that says the
 * list is empty (and closes the section: returns 0) or the cut, if any. */
static int
list_section(StrBuf *sb, const char *id, const char *title, int shown, long total, const char *things,
             const char *empty_html)
{
	sb_printf(sb, "<section id=\"%s\">\n<h2>%s</h2>\n", id, title);
	if (!shown) {
		sb_printf(sb, "<p class=\"empty\">%s</p>\n</section>\n", empty_html);
		return 0;
	}
	newest_of(sb, shown, total, things);
	return 1;
}

static void
campaigns(StrBuf *sb, const Report *r)
{
	if (!list_section(sb, "campaigns", "Campaigns and their settings", r->ncampaigns, r->campaigns_total,
	                  "campaigns", "no campaigns yet: run <code>fencefuzz campaign</code>"))
		return;
	sb_puts(sb, "<div class=\"wide\"><table id=\"campaign-table\">\n<thead><tr><th>id</th><th>started</th>"
	            "<th>status</th><th>duration</th><th>programs</th><th>programs/s</th>"
	            "<th>new findings</th><th>seen</th><th>verdicts</th><th>settings</th></tr></thead>\n"
	            "<tbody>\n");
	for (int i = 0; i < r->ncampaigns; i++) {
		const RpCampaign *c = &r->campaigns[i];
		char dur[32], rate[32];
		rp_fmt_duration(dur, sizeof dur, c->duration_s);
		rp_fmt_per_s(rate, sizeof rate, c->programs_per_s);
		sb_printf(sb, "<tr class=\"campaign-row\" id=\"campaign-%lld\"><td>%lld</td><td>",
		          (long long)c->id, (long long)c->id);
		esc(sb, c->started_at);
		sb_puts(sb, "</td><td>");
		esc(sb, c->status);
		sb_printf(sb, "</td><td class=\"n\">%s</td><td class=\"n\">%ld</td><td class=\"n\">%s</td>"
		              "<td class=\"n\">%ld</td><td class=\"n\">%ld</td><td>",
		          dur, c->execs, rate, c->new_findings, c->seen_findings);
		for (int v = 0; v < c->nverdicts; v++) {
			if (v)
				sb_puts(sb, "<br>");
			verdict_inline(sb, &c->verdicts[v]);
		}
		sb_puts(sb, "</td><td>seed ");
		esc_or(sb, c->seed, "?");
		sb_puts(sb, ", engine ");
		esc_or(sb, c->engine, "?");
		sb_puts(sb, ", host ");
		esc_or(sb, c->host, "?");
		sb_puts(sb, "<br>models ");
		esc_or(sb, c->models, "none");
		sb_puts(sb, "<br>oracles ");
		esc_or(sb, c->oracles, "none");
		sb_puts(sb, "<br><code>");
		esc_or(sb, c->config, "no config");
		sb_puts(sb, "</code></td></tr>\n");
	}
	sb_puts(sb, "</tbody>\n</table></div>\n</section>\n");
}

static void
charts(StrBuf *sb, const Report *r)
{
	sb_puts(sb, "<section id=\"charts\">\n<h2>Over time</h2>\n");
	RpSeries rate[RP_MAX_CHARTED], found[RP_MAX_CHARTED];
	double *buf[RP_MAX_CHARTED];
	char names[RP_MAX_CHARTED][48];
	int n = 0;
	for (int i = 0; i < r->ncampaigns && i < RP_MAX_CHARTED; i++) {
		const RpCampaign *c = &r->campaigns[i];
		if (c->nseries < 2)
			continue;
		/* x, programs/s (from the first interval on), findings. */
		double *b = malloc(sizeof *b * 3 * (size_t)c->nseries);
		if (!b)
			break;
		for (int p = 0; p < c->nseries; p++) {
			b[p] = c->series[p].t;
			b[c->nseries + p] = c->series[p].rate;
			b[2 * c->nseries + p] = c->series[p].findings;
		}
		buf[n] = b;
		snprintf(names[n], sizeof names[n], "campaign %lld", (long long)c->id);
		rate[n] = (RpSeries){names[n], b + 1, b + c->nseries + 1, c->nseries - 1};
		found[n] = (RpSeries){names[n], b, b + 2 * c->nseries, c->nseries};
		n++;
	}
	if (!n) {
		sb_puts(sb, "<p class=\"empty\">no throughput samples yet: campaigns record them "
		            "(stats table) once a second</p>\n</section>\n");
		return;
	}
	sb_printf(sb, "<p>The newest %d campaign%s with samples (stats table), all workers "
	              "summed; x is seconds since the campaign started.</p>\n",
	          n, n > 1 ? "s" : "");
	sb_puts(sb, "<div class=\"charts\">\n");
	rp_svg_chart(sb, "programs/s", "elapsed (s)", "programs/s", rate, n);
	rp_svg_chart(sb, "findings recorded (occurrences)", "elapsed (s)", "findings", found, n);
	sb_puts(sb, "</div>\n");
	for (int i = 0; i < n; i++)
		free(buf[i]);
	sb_puts(sb, "</section>\n");
}

static void
repro_links(StrBuf *sb, const RpFinding *f)
{
	if (!f->nrepro) {
		sb_puts(sb, "<span class=\"na\">none</span>");
		return;
	}
	const RpReproducer *p = &f->repro[0];
	const char *sep = "";
	struct {
		const char *text, *what, *id;
	} parts[] = {{p->reduced, "TVMScript", "tvm"}, {p->pytest, "pytest", "pytest"},
	             {p->cuda, "CUDA", "cuda"}};
	for (int i = 0; i < 3; i++)
		if (parts[i].text) {
			sb_printf(sb, "%s<a href=\"#finding-%lld-%s\">%s</a>", sep, (long long)f->id,
			          parts[i].id, parts[i].what);
			sep = " · ";
		}
	if (!*sep)
		sb_printf(sb, "<a href=\"#finding-%lld\">empty</a>", (long long)f->id);
}

static void
hw_summary(StrBuf *sb, const RpFinding *f)
{
	if (!f->hw_runs) {
		sb_puts(sb, "<span class=\"na\">not run</span>");
		return;
	}
	char rate[32];
	rp_fmt_rate(rate, sizeof rate, f->hw_rate);
	sb_printf(sb, "reproduced in %ld of %ld run%s; %ld of %ld trials wrong (%s)", f->hw_reproduced,
	          f->hw_runs, f->hw_runs == 1 ? "" : "s", f->hw_mismatches, f->hw_trials, rate);
	if (f->hw_standin)
		sb_printf(sb, "; reproduced with a stand-in op (not the op itself) in %ld", f->hw_standin);
}

static const char no_repro[] =
	"no reproducers yet: run <code>fencefuzz reduce</code> / campaigns reduce new findings";

static void
findings_table(StrBuf *sb, const Report *r)
{
	sb_puts(sb, "<section id=\"findings\">\n<h2>Findings</h2>\n");
	if (!r->nfindings) {
		sb_puts(sb, "<p class=\"empty\">no findings in this database</p>\n");
		/* An empty table still, so a reader (and the test) finds zero rows. */
	}
	if (r->nfindings < r->findings_total)
		sb_printf(sb, "<p>The %d most frequent of %ld distinct findings.</p>\n", r->nfindings,
		          r->findings_total);
	if (r->nfindings && !r->reproducers_total)
		sb_printf(sb, "<p class=\"empty\">%s</p>\n", no_repro);
	sb_printf(sb, "<div class=\"wide\"><table id=\"findings\" data-db-findings=\"%ld\">\n<thead><tr><th>id</th>"
	              "<th>kind</th><th>model</th><th>first seen</th><th>last seen</th>"
	              "<th>count</th><th>campaigns</th><th>status</th><th>strength</th><th>at</th>"
	              "<th>message</th><th>reproducers</th><th>hardware</th></tr></thead>\n<tbody>\n",
	          r->findings_total);
	for (int i = 0; i < r->nfindings; i++) {
		const RpFinding *f = &r->findings[i];
		sb_printf(sb, "<tr class=\"finding-row\" id=\"row-%lld\"><td><a href=\"#finding-%lld\">"
		              "%lld</a></td><td>",
		          (long long)f->id, (long long)f->id, (long long)f->id);
		esc(sb, f->kind);
		sb_puts(sb, "</td><td>");
		esc(sb, f->model);
		sb_puts(sb, "</td><td>");
		esc(sb, f->first_seen);
		sb_puts(sb, "</td><td>");
		esc(sb, f->last_seen);
		sb_printf(sb, "</td><td class=\"n\">%ld</td><td class=\"n\">%ld</td><td>", f->count,
		          f->campaigns_seen);
		esc(sb, f->status);
		sb_puts(sb, "</td><td>");
		esc_or(sb, f->strength, "?");
		sb_printf(sb, "</td><td>%d:%d</td><td>", f->line, f->col);
		esc_or(sb, f->message, "no message");
		sb_puts(sb, "</td><td>");
		repro_links(sb, f);
		sb_puts(sb, "</td><td>");
		hw_summary(sb, f);
		sb_puts(sb, "</td></tr>\n");
	}
	sb_puts(sb, "</tbody>\n</table></div>\n");
}

static void
finding_details(StrBuf *sb, const RpFinding *f)
{
	sb_printf(sb, "<details class=\"finding\" id=\"finding-%lld\"><summary><b>#%lld</b> ",
	          (long long)f->id, (long long)f->id);
	esc(sb, f->kind);
	sb_puts(sb, " on ");
	esc(sb, f->model);
	sb_puts(sb, ": ");
	esc_or(sb, f->message, "no message");
	sb_puts(sb, "</summary>\n<table>\n<tr><th>oracle</th><td>");
	esc_or(sb, f->oracle, "?");
	sb_puts(sb, "</td></tr>\n<tr><th>rule</th><td>");
	esc_or(sb, f->rule, "?");
	sb_puts(sb, "</td></tr>\n<tr><th>signature</th><td><code>");
	esc(sb, f->signature);
	sb_puts(sb, "</code></td></tr>\n<tr><th>strength</th><td>");
	esc_or(sb, f->strength, "?");
	if (f->strength_note && *f->strength_note) {
		sb_puts(sb, " (");
		esc(sb, f->strength_note);
		sb_puts(sb, ")");
	}
	sb_printf(sb, "</td></tr>\n<tr><th>location</th><td>%d:%d in the first program</td></tr>\n",
	          f->line, f->col);
	sb_printf(sb, "<tr><th>seen</th><td>%ld time%s in %ld campaign%s, first ", f->count,
	          f->count == 1 ? "" : "s", f->campaigns_seen, f->campaigns_seen == 1 ? "" : "s");
	esc(sb, f->first_seen);
	if (f->campaign_id)
		sb_printf(sb, " (<a href=\"#campaign-%lld\">campaign %lld</a>)", (long long)f->campaign_id,
		          (long long)f->campaign_id);
	sb_puts(sb, ", last ");
	esc(sb, f->last_seen);
	sb_puts(sb, "</td></tr>\n<tr><th>status</th><td>");
	esc(sb, f->status);
	sb_puts(sb, "</td></tr>\n<tr><th>hardware</th><td>");
	hw_summary(sb, f);
	if (f->hw_runs)
		sb_puts(sb, " (<a href=\"#hardware\">runs</a>)");
	sb_puts(sb, "</td></tr>\n</table>\n");
	sb_printf(sb, "<h4 id=\"finding-%lld-witness\">witness</h4>\n", (long long)f->id);
	if (f->witness && *f->witness)
		pre(sb, "witness", f->witness);
	else
		sb_puts(sb, "<p class=\"na\">no witness recorded</p>\n");
	sb_puts(sb, "<h4>first program</h4>\n");
	if (f->program_text)
		pre(sb, "program", f->program_text);
	else
		sb_puts(sb, "<p class=\"na\">its text was not kept</p>\n");
	if (!f->nrepro) {
		sb_printf(sb, "<p class=\"empty\">%s</p>\n", no_repro);
	} else {
		sb_printf(sb, "<p>As files: <code>fencefuzz repro %lld --db DB --tvmscript</code> "
		              "(or <code>--pytest</code>, <code>--cuda</code>).</p>\n",
		          (long long)f->id);
		newest_of(sb, f->nrepro, f->repro_total, "reproducers");
		for (int i = 0; i < f->nrepro; i++) {
			const RpReproducer *p = &f->repro[i];
			/* The newest reproducer carries the anchors the table links to. */
			const char *tag = i ? "" : "-";
			sb_printf(sb, "<h4>reproducer %lld, ", (long long)p->id);
			esc(sb, p->created_at);
			sb_puts(sb, "</h4>\n");
			struct {
				const char *text, *what, *id;
			} parts[] = {{p->reduced, "reduced TVMScript", "tvm"},
			             {p->pytest, "TileLang pytest", "pytest"},
			             {p->cuda, "CUDA kernel", "cuda"}};
			for (int k = 0; k < 3; k++) {
				if (!parts[k].text)
					continue;
				if (*tag)
					sb_printf(sb, "<h5 id=\"finding-%lld-%s\">%s</h5>\n", (long long)f->id,
					          parts[k].id, parts[k].what);
				else
					sb_printf(sb, "<h5>%s</h5>\n", parts[k].what);
				pre(sb, parts[k].id, parts[k].text);
			}
		}
	}
	sb_puts(sb, "</details>\n");
}

static void
hardware(StrBuf *sb, const Report *r)
{
	if (!list_section(sb, "hardware", "Hardware runs", r->nhw, r->hw_total, "runs",
	                  "no hardware runs: <code>fencefuzz confirm</code>"))
		return;
	sb_puts(sb, "<div class=\"wide\"><table id=\"hw-table\">\n<thead><tr><th>id</th><th>finding</th><th>device</th>"
	            "<th>driver</th><th>trials</th><th>mismatches</th><th>rate</th><th>outcome</th>"
	            "<th>when</th><th>settings</th></tr></thead>\n<tbody>\n");
	for (int i = 0; i < r->nhw; i++) {
		const RpHwRun *h = &r->hw[i];
		char rate[32];
		rp_fmt_rate(rate, sizeof rate, h->rate);
		sb_printf(sb, "<tr class=\"hw-row\"><td><a href=\"#hw-%lld\">%lld</a></td><td>",
		          (long long)h->id, (long long)h->id);
		if (h->finding_id)
			sb_printf(sb, "<a href=\"#finding-%lld\">#%lld</a>", (long long)h->finding_id,
			          (long long)h->finding_id);
		else
			sb_puts(sb, "<span class=\"na\">none</span>");
		sb_puts(sb, "</td><td>");
		esc_or(sb, h->device, "?");
		sb_puts(sb, "</td><td>");
		esc_or(sb, h->driver, "?");
		sb_printf(sb, "</td><td class=\"n\">%ld</td><td class=\"n\">%ld</td><td class=\"n\">%s</td>"
		              "<td>",
		          h->trials, h->mismatches, rate);
		esc_or(sb, h->outcome, "?");
		sb_puts(sb, "</td><td>");
		esc(sb, h->created_at);
		sb_puts(sb, "</td><td><code>");
		esc_or(sb, h->settings, "none");
		sb_puts(sb, "</code></td></tr>\n");
	}
	sb_puts(sb, "</tbody>\n</table></div>\n");
	for (int i = 0; i < r->nhw; i++) {
		const RpHwRun *h = &r->hw[i];
		sb_printf(sb, "<details class=\"finding\" id=\"hw-%lld\"><summary>kernel of run %lld"
		              "</summary>\n",
		          (long long)h->id, (long long)h->id);
		if (h->kernel_source)
			pre(sb, "kernel", h->kernel_source);
		else
			sb_puts(sb, "<p class=\"na\">no kernel source recorded</p>\n");
		sb_puts(sb, "</details>\n");
	}
	sb_puts(sb, "</section>\n");
}

void
rp_html(StrBuf *sb, const Report *r)
{
	head(sb, r);
	sb_puts(sb, "<body>\n");
	glance(sb, r);
	models(sb, r);
	campaigns(sb, r);
	charts(sb, r);
	findings_table(sb, r);
	if (r->nfindings) {
		sb_puts(sb, "<h3>Details, witnesses and reproducers</h3>\n");
		for (int i = 0; i < r->nfindings; i++)
			finding_details(sb, &r->findings[i]);
	}
	sb_puts(sb, "</section>\n");
	hardware(sb, r);
	sb_puts(sb, "<footer><p class=\"meta\">fencefuzz report; the page needs no network and "
	            "runs no script but its own.</p></footer>\n");
	sb_printf(sb, "<script>%s</script>\n</body>\n</html>\n", script);
}
