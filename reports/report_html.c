/* report_html.c: last night's results, read in a minute, as one
 * self-contained HTML page.
 *
 * Top down: what is new since the previous campaign (by root cause), each
 * model's verdict (newest model first), every root cause, then the findings
 * under their root cause, the campaigns, throughput over time and the
 * hardware runs.  Findings triaged wontfix or false-alarm stay in their
 * group, greyed, and are left out of the red verdicts.
 *
 * The page stays small (about 1 KB per finding): a finding shows the first
 * lines of its reduced reproducer (only the first RP_EXCERPTED of each root
 * cause) and names `fencefuzz repro ID`, which prints the whole texts.  It
 * fits a 1000 px window: tables wrap their cells instead of growing, and
 * program texts scroll inside their own box.
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

/* Findings of one root cause that show their reproducer's first lines; the
 * others name the command that prints it. */
enum { RP_EXCERPTED = 6 };

static const char css[] =
	"*{box-sizing:border-box}\n"
	"body{font:14px/1.45 system-ui,sans-serif;margin:0 auto;max-width:1200px;padding:0 16px 48px;"
	"color:#1b1f24;overflow-wrap:break-word}\n"
	"h1{margin:20px 0 2px}h2{margin-top:32px;border-bottom:1px solid #d0d7de}\n"
	"h3{margin:22px 0 4px}h5{margin:8px 0 2px}\n"
	".meta{color:#57606a;margin:0}\n"
	"nav a{margin-right:14px}\n"
	".cards{display:flex;flex-wrap:wrap;gap:10px;margin:14px 0}\n"
	".card{border:1px solid #d0d7de;border-radius:6px;padding:8px 14px;min-width:120px}\n"
	".card b{display:block;font-size:22px}\n"
	"table{border-collapse:collapse;margin:8px 0;width:100%}\n"
	"th,td{border:1px solid #d0d7de;padding:3px 7px;text-align:left;vertical-align:top}\n"
	"th{background:#f6f8fa}td.n{text-align:right;font-variant-numeric:tabular-nums;"
	"white-space:nowrap}\n"
	/* Texts from the database may hold words longer than any window: they
	 * break anywhere, so that they never widen a table; model names keep a
	 * readable width. */
	"td.w,summary,.kv,h3{overflow-wrap:anywhere}td.m{overflow-wrap:anywhere;min-width:9em}\n"
	".ok{color:#116329;font-weight:600}.bad{color:#b42318;font-weight:600}"
	".na{color:#6e7781}\n"
	".tag{font-size:12px;border-radius:8px;padding:0 6px;margin-left:4px;white-space:nowrap}\n"
	".tag.new{background:#ddf4ff;color:#0550ae}.tag.tri{background:#eaeef2;color:#57606a}\n"
	"tr.triaged,details.triaged>summary{color:#8c959f}tr.triaged .bad{color:#8c959f}\n"
	"pre{background:#f6f8fa;border:1px solid #d0d7de;padding:6px 8px;overflow:auto;max-height:320px;"
	"max-width:100%;white-space:pre;margin:4px 0}\n"
	"details.finding-row,details.kernel{border:1px solid #d0d7de;border-radius:6px;margin:4px 0;"
	"padding:3px 10px}\n"
	"details[open]{background:#fcfcfd}\n"
	"summary{cursor:pointer}\n"
	".kv{margin:4px 0;color:#3d444d}\n"
	".empty{background:#fff8c5;border:1px solid #d4a72c;border-radius:6px;padding:6px 10px}\n"
	".charts{display:flex;flex-wrap:wrap;gap:12px}\n"
	"svg.chart{flex:1 1 420px;max-width:640px;min-width:0;border:1px solid #d0d7de;"
	"border-radius:6px}\n"
	"svg .grid{stroke:#eaeef2}svg .axis{stroke:#57606a}\n"
	"svg text{font:11px system-ui,sans-serif;fill:#1b1f24}\n"
	"svg .yt{text-anchor:end}svg .xt,svg .xl,svg .yl{text-anchor:middle}\n"
	"svg .ct{font-weight:600;font-size:13px}\n"
	"code{background:#f6f8fa;padding:0 3px}\n";

/* Runs after the page is parsed (it is the last element of body). */
static const char script[] =
	"(function(){\n"
	"var rows=document.querySelectorAll('#findings .finding-row');\n"
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
card(StrBuf *sb, long value, const char *label)
{
	sb_printf(sb, "<div class=\"card\"><b>%ld</b>", value);
	esc(sb, label);
	sb_puts(sb, "</div>\n");
}

static const char *
plural(long n)
{
	return n == 1 ? "" : "s";
}

/* "unsound (27 findings, 3 root causes)" in red, or "sound" in green. */
static void
verdict_word(StrBuf *sb, long findings, long causes, const char *bad, const char *good)
{
	if (!findings) {
		sb_printf(sb, "<span class=\"ok\">%s</span>", good);
		return;
	}
	sb_printf(sb, "<span class=\"bad\">%s (%ld finding%s", bad, findings, plural(findings));
	if (causes > 0)
		sb_printf(sb, ", %ld root cause%s", causes, plural(causes));
	sb_puts(sb, ")</span>");
}

static void
triaged_note(StrBuf *sb, long triaged)
{
	if (triaged)
		sb_printf(sb, " <span class=\"na\">(%ld triaged wontfix / false-alarm, not counted)</span>",
		          triaged);
}

static void
verdict_inline(StrBuf *sb, const RpVerdict *v)
{
	esc(sb, v->model);
	sb_puts(sb, ": ");
	verdict_word(sb, v->unsound, v->unsound_causes, "unsound", "sound");
	sb_puts(sb, ", ");
	verdict_word(sb, v->not_minimal, v->not_minimal_causes, "not minimal", "minimal");
	triaged_note(sb, v->triaged);
}

/* The name of a root cause, "(unexplained)" while the model gives none. */
static void
cause_name(StrBuf *sb, const RpGroup *g)
{
	if (g->root_cause)
		esc(sb, g->root_cause);
	else
		sb_puts(sb, "<span class=\"na\">(unexplained)</span>");
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
	sb_puts(sb, "<nav><a href=\"#new\">new</a><a href=\"#models\">verdicts</a>"
	            "<a href=\"#causes\">root causes</a><a href=\"#findings\">findings</a>"
	            "<a href=\"#campaigns\">campaigns</a><a href=\"#charts\">over time</a>"
	            "<a href=\"#hardware\">hardware runs</a></nav>\n");
	sb_puts(sb, "<section id=\"glance\">\n<div class=\"cards\">\n");
	card(sb, r->campaigns_total, "campaigns");
	card(sb, r->execs_total, "programs generated");
	card(sb, r->groups_total, "root causes");
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
		sb_printf(sb, ", %s, %ld programs (%s programs/s), %ld new distinct finding%s, %ld seen.",
		          dur, c->execs, rate, c->new_findings, plural(c->new_findings), c->seen_findings);
		if (c->nverdicts) {
			sb_puts(sb, "<br>Verdicts on what it saw: ");
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

/* One row of a root-cause table. */
static void
cause_row(StrBuf *sb, const Report *r, int gi, int new_only)
{
	const RpGroup *g = &r->groups[gi];
	sb_printf(sb, "<tr class=\"cause-row%s\"><td class=\"m\">", g->cls == 3 ? " triaged" : "");
	esc(sb, g->model);
	sb_printf(sb, "</td><td class=\"w\"><a href=\"#cause-%d\">", gi);
	cause_name(sb, g);
	sb_puts(sb, "</a>");
	if (g->is_new)
		sb_puts(sb, "<span class=\"tag new\">new root cause</span>");
	if (g->cls == 3)
		sb_puts(sb, "<span class=\"tag tri\">triaged</span>");
	sb_puts(sb, "</td><td class=\"w\">");
	esc(sb, g->kinds);
	if (new_only)
		sb_printf(sb, "</td><td class=\"n\">%ld</td><td class=\"n\">%ld</td>", g->new_findings,
		          g->findings);
	else
		sb_printf(sb, "</td><td class=\"n\">%ld</td><td class=\"n\">%ld</td><td class=\"n\">%ld</td>",
		          g->findings, g->new_findings, g->occurrences);
	sb_puts(sb, "<td class=\"w\">");
	esc(sb, g->statuses);
	sb_puts(sb, "</td><td>");
	if (g->rep >= 0)
		sb_printf(sb, "<a href=\"#finding-%lld\">#%lld</a>", (long long)r->findings[g->rep].id,
		          (long long)r->findings[g->rep].id);
	else
		sb_puts(sb, "<span class=\"na\">not shown</span>");
	sb_puts(sb, "</td></tr>\n");
}

static void
new_section(StrBuf *sb, const Report *r)
{
	sb_puts(sb, "<section id=\"new\">\n");
	if (!r->ncampaigns) {
		sb_puts(sb, "<h2>New</h2>\n<p class=\"empty\">no campaigns yet</p>\n</section>\n");
		return;
	}
	if (r->previous)
		sb_printf(sb, "<h2>New since campaign %lld</h2>\n", (long long)r->previous);
	else
		sb_printf(sb, "<h2>New in campaign %lld, the first</h2>\n", (long long)r->latest);
	if (!r->new_total) {
		sb_printf(sb, "<p class=\"ok\">Nothing new: campaign %lld found no finding that an earlier "
		              "campaign had not found.</p>\n</section>\n",
		          (long long)r->latest);
		return;
	}
	long new_causes = 0;
	for (int g = 0; g < r->ngroups; g++)
		new_causes += r->groups[g].is_new;
	sb_printf(sb, "<p>Campaign %lld found <b>%ld new finding%s</b> under %ld root cause%s, of "
	              "which <b>%ld %s new</b> (first seen in it; they come first).",
	          (long long)r->latest, r->new_total, plural(r->new_total), r->new_groups,
	          plural(r->new_groups), new_causes, new_causes == 1 ? "is" : "are");
	if (!r->previous) {
		sb_puts(sb, "  It is the first campaign of this database, so everything is new: see "
		            "<a href=\"#causes\">root causes</a>.</p>\n</section>\n");
		return;
	}
	sb_puts(sb, "  <b>To file</b>: the representative finding's reproducer, "
	            "<code>fencefuzz repro ID --pytest</code>.</p>\n");
	sb_puts(sb, "<table id=\"new-table\">\n<thead><tr><th>model</th><th>root cause</th><th>kinds</th>"
	            "<th>new</th><th>findings</th><th>status</th><th>to file</th></tr></thead>\n"
	            "<tbody>\n");
	for (int pass = 0; pass < 2; pass++)
		for (int g = 0; g < r->ngroups; g++)
			if (r->groups[g].new_findings && r->groups[g].is_new == !pass)
				cause_row(sb, r, g, 1);
	sb_puts(sb, "</tbody>\n</table>\n");
	if (r->ngroups < r->groups_total)
		sb_printf(sb, "<p>The %d root causes with the most findings of %ld are on this page.</p>\n",
		          r->ngroups, r->groups_total);
	sb_puts(sb, "</section>\n");
}

static void
models(StrBuf *sb, const Report *r)
{
	sb_puts(sb, "<section id=\"models\">\n<h2>Verdicts by model</h2>\n");
	sb_puts(sb, "<p>Over every campaign in the database, newest model first.  <b>Sound</b>: no "
	            "unsound, unsound-war or handshake finding; <b>minimal</b>: no unnecessary-fence, "
	            "suboptimal-placement or alias-redundant-fence finding.  Findings triaged "
	            "<code>wontfix</code> or <code>false-alarm</code> do not count.  <b>Programs "
	            "checked</b>: programs of the campaigns that ran the model.  Below the table, by "
	            "kind: <i>distinct findings (occurrences)</i>.</p>\n");
	if (!r->nmodels) {
		sb_puts(sb, "<p class=\"empty\">no models: no campaign has run yet</p>\n</section>\n");
		return;
	}
	sb_puts(sb, "<table id=\"model-table\">\n<thead><tr><th>model</th><th>sound</th><th>minimal</th>"
	            "<th>other findings</th><th>triaged (not counted)</th><th>campaigns</th>"
	            "<th>programs checked</th></tr></thead>\n<tbody>\n");
	for (int i = 0; i < r->nmodels; i++) {
		const RpModel *m = &r->models[i];
		const RpVerdict *v = &m->verdict;
		int ran = m->campaigns > 0 || v->unsound || v->not_minimal || v->other || v->triaged;
		sb_puts(sb, "<tr class=\"model-row\"><td class=\"m\">");
		esc(sb, m->name);
		sb_puts(sb, "</td><td>");
		if (ran)
			verdict_word(sb, v->unsound, v->unsound_causes, "unsound", "sound");
		else
			sb_puts(sb, "<span class=\"na\">not run</span>");
		sb_puts(sb, "</td><td>");
		if (ran)
			verdict_word(sb, v->not_minimal, v->not_minimal_causes, "not minimal", "minimal");
		else
			sb_puts(sb, "<span class=\"na\">not run</span>");
		sb_printf(sb, "</td><td class=\"n\">%ld</td><td class=\"n\">%ld</td><td class=\"n\">%ld</td>"
		              "<td class=\"n\">%ld</td></tr>\n",
		          v->other, v->triaged, m->campaigns, m->programs);
	}
	sb_puts(sb, "</tbody>\n</table>\n<ul id=\"model-kinds\">\n");
	for (int i = 0; i < r->nmodels; i++) {
		const RpModel *m = &r->models[i];
		sb_puts(sb, "<li class=\"w\"><b>");
		esc(sb, m->name);
		sb_puts(sb, "</b>: ");
		const char *sep = "";
		for (int k = 0; k < r->nkinds; k++)
			if (m->distinct[k]) {
				sb_puts(sb, sep);
				esc(sb, r->kinds[k]);
				sb_printf(sb, " %ld (%ld)", m->distinct[k], m->occurrences[k]);
				sep = " · ";
			}
		if (!*sep)
			sb_puts(sb, "<span class=\"na\">no findings</span>");
		sb_puts(sb, "</li>\n");
	}
	sb_puts(sb, "</ul>\n</section>\n");
}

static void
causes(StrBuf *sb, const Report *r)
{
	sb_puts(sb, "<section id=\"causes\">\n<h2>Root causes</h2>\n");
	if (!r->ngroups) {
		sb_puts(sb, "<p class=\"empty\">no findings in this database</p>\n</section>\n");
		return;
	}
	sb_puts(sb, "<p>A root cause is the model's rule to blame, as the model explains its "
	            "decision at the witness; findings without one are grouped by model and kind "
	            "as <i>(unexplained)</i>.  Newest model first, then unsound, not minimal, "
	            "other; greyed: every finding triaged wontfix or false-alarm.</p>\n");
	if (r->ngroups < r->groups_total)
		sb_printf(sb, "<p>The %d with the most findings of %ld root causes.</p>\n", r->ngroups,
		          r->groups_total);
	sb_puts(sb, "<table id=\"cause-table\">\n<thead><tr><th>model</th><th>root cause</th>"
	            "<th>kinds</th><th>findings</th><th>new</th><th>occurrences</th><th>status</th>"
	            "<th>to file</th></tr></thead>\n<tbody>\n");
	for (int g = 0; g < r->ngroups; g++)
		cause_row(sb, r, g, 0);
	sb_puts(sb, "</tbody>\n</table>\n</section>\n");
}

static void
hw_summary(StrBuf *sb, const RpFinding *f)
{
	if (!f->hw_runs) {
		sb_puts(sb, "not run");
		return;
	}
	char rate[32];
	rp_fmt_rate(rate, sizeof rate, f->hw_rate);
	sb_printf(sb, "reproduced in %ld of %ld run%s; %ld of %ld trials wrong (%s)", f->hw_reproduced,
	          f->hw_runs, plural(f->hw_runs), f->hw_mismatches, f->hw_trials, rate);
	if (f->hw_standin)
		sb_printf(sb, "; reproduced with a stand-in op (not the op itself) in %ld", f->hw_standin);
}

static const char no_repro[] =
	"no reproducers yet: run <code>fencefuzz reduce</code> / campaigns reduce new findings";

/* The first lines of a text, and which lines they are. */
static void
excerpt(StrBuf *sb, const char *id, const char *what, const RpExcerpt *e)
{
	long last = e->first_line + e->shown - 1;
	sb_printf(sb, "<h5%s%s%s>%s, ", id ? " id=\"" : "", id ? id : "", id ? "\"" : "", what);
	if (e->first_line == 1 && last >= e->total)
		sb_printf(sb, "all %ld line%s", e->total, plural(e->total));
	else
		sb_printf(sb, "lines %ld-%ld of %ld", e->first_line, last, e->total);
	sb_puts(sb, "</h5>\n<pre>");
	esc(sb, e->text);
	sb_puts(sb, "</pre>\n");
}

static void
finding(StrBuf *sb, const Report *r, const RpFinding *f, int with_excerpt)
{
	long long id = (long long)f->id;
	sb_printf(sb, "<details class=\"finding-row%s\" id=\"finding-%lld\"><summary><b>#%lld</b> ",
	          f->counts ? "" : " triaged", id, id);
	esc(sb, f->kind);
	sb_printf(sb, ", %ld&times; in %ld campaign%s, status ", f->count, f->campaigns_seen,
	          plural(f->campaigns_seen));
	esc(sb, f->status);
	if (f->is_new)
		sb_puts(sb, "<span class=\"tag new\">new</span>");
	sb_puts(sb, ": ");
	esc_or(sb, f->message, "no message");
	sb_printf(sb, "</summary>\n<p class=\"kv\">at %d:%d; witness <code>", f->line, f->col);
	esc_or(sb, f->witness, "none recorded");
	sb_puts(sb, "</code>; ");
	esc_or(sb, f->strength, "?");
	if (f->strength_note && *f->strength_note) {
		sb_puts(sb, " (");
		esc(sb, f->strength_note);
		sb_puts(sb, ")");
	}
	sb_puts(sb, "; signature ");
	esc(sb, f->signature);
	sb_puts(sb, "; first seen ");
	esc(sb, f->first_seen);
	if (f->campaign_id)
		sb_printf(sb, " (<a href=\"#campaign-%lld\">campaign %lld</a>)", (long long)f->campaign_id,
		          (long long)f->campaign_id);
	sb_puts(sb, ", last ");
	esc(sb, f->last_seen);
	sb_puts(sb, "; hardware ");
	hw_summary(sb, f);
	if (f->hw_runs)
		sb_puts(sb, " (<a href=\"#hardware\">runs</a>)");
	if (f->triage_note && *f->triage_note) {
		sb_puts(sb, "; triage note: ");
		esc(sb, f->triage_note);
	}
	sb_puts(sb, "</p>\n");
	if (with_excerpt && f->excerpt.text) {
		char aid[64];
		snprintf(aid, sizeof aid, "finding-%lld-tvm", id);
		if (f->excerpt_reduced)
			excerpt(sb, aid, "reduced TVMScript", &f->excerpt);
		else
			excerpt(sb, NULL, "first program (not reduced)", &f->excerpt);
	}
	/* Whole texts on demand: the command, not the text. */
	sb_printf(sb, "<p class=\"kv\">Whole texts: <code>fencefuzz repro %lld --db ", id);
	esc(sb, r->db_path);
	sb_puts(sb, "</code>");
	if (f->has_reduced)
		sb_puts(sb, " (<code>--tvmscript</code>");
	else if (f->repro_total)
		sb_puts(sb, " (");
	if (f->has_pytest)
		sb_printf(sb, "%s<code id=\"finding-%lld-pytest\">--pytest</code>", f->has_reduced ? ", " : "",
		          id);
	if (f->has_cuda)
		sb_printf(sb, "%s<code id=\"finding-%lld-cuda\">--cuda</code>",
		          f->has_reduced || f->has_pytest ? ", " : "", id);
	if (f->repro_total)
		sb_printf(sb, "; %ld reproducer%s stored)", f->repro_total, plural(f->repro_total));
	else
		sb_puts(sb, "; no reproducer yet: it reduces the first program now");
	sb_puts(sb, "</p>\n</details>\n");
}

static void
findings(StrBuf *sb, const Report *r)
{
	sb_printf(sb, "<section id=\"findings\" data-db-findings=\"%ld\">\n<h2>Findings by root cause</h2>\n",
	          r->findings_total);
	if (!r->nfindings) {
		sb_puts(sb, "<p class=\"empty\">no findings in this database</p>\n</section>\n");
		return;
	}
	if (r->nfindings < r->findings_total) {
		sb_printf(sb, "<p>%d of %ld distinct findings: each root cause's most frequent, then the "
		              "new ones, then the most frequent.  <code>sqlite3 ",
		          r->nfindings, r->findings_total);
		esc(sb, r->db_path);
		sb_puts(sb, " 'select id, model, kind, count, message from findings'</code> lists "
		            "all.</p>\n");
	}
	if (!r->reproducers_total)
		sb_printf(sb, "<p class=\"empty\">%s</p>\n", no_repro);
	sb_printf(sb, "<p>Each finding shows its reduced reproducer's first lines (the first %d of "
	              "each root cause) and the command that prints the whole texts.</p>\n",
	          RP_EXCERPTED);
	for (int gi = 0; gi < r->ngroups; gi++) {
		const RpGroup *g = &r->groups[gi];
		if (!g->shown)
			continue;
		sb_printf(sb, "<section class=\"cause\" id=\"cause-%d\">\n<h3>", gi);
		esc(sb, g->model);
		sb_puts(sb, ": ");
		cause_name(sb, g);
		if (g->is_new)
			sb_puts(sb, "<span class=\"tag new\">new root cause</span>");
		sb_puts(sb, "</h3>\n<p class=\"kv\">");
		esc(sb, g->kinds);
		sb_printf(sb, "; %ld finding%s (%ld new), %ld occurrence%s; status ", g->findings,
		          plural(g->findings), g->new_findings, g->occurrences, plural(g->occurrences));
		esc(sb, g->statuses);
		sb_puts(sb, "; first seen ");
		esc(sb, g->first_seen);
		sb_puts(sb, ", last ");
		esc(sb, g->last_seen);
		if (g->shown < g->findings)
			sb_printf(sb, "; %d shown", g->shown);
		if (g->rep >= 0) {
			const RpFinding *rep = &r->findings[g->rep];
			sb_printf(sb, ".<br>To file: <a href=\"#finding-%lld\">#%lld</a>, rule ",
			          (long long)rep->id, (long long)rep->id);
			esc_or(sb, rep->rule, "?");
		}
		sb_puts(sb, "</p>\n");
		for (int i = g->first; i < g->first + g->shown; i++)
			finding(sb, r, &r->findings[i], i - g->first < RP_EXCERPTED);
		sb_puts(sb, "</section>\n");
	}
	sb_puts(sb, "</section>\n");
}

static void
campaigns(StrBuf *sb, const Report *r)
{
	sb_puts(sb, "<section id=\"campaigns\">\n<h2>Campaigns and their settings</h2>\n");
	if (!r->ncampaigns) {
		sb_puts(sb, "<p class=\"empty\">no campaigns yet: run <code>fencefuzz campaign</code></p>\n"
		            "</section>\n");
		return;
	}
	if (r->ncampaigns < r->campaigns_total)
		sb_printf(sb, "<p>The newest %d of %ld campaigns.</p>\n", r->ncampaigns, r->campaigns_total);
	sb_puts(sb, "<table id=\"campaign-table\">\n<thead><tr><th>id</th><th>started, status, "
	            "duration</th><th>programs (per s)</th><th>findings new / seen</th>"
	            "<th>verdicts</th><th>made by</th><th>settings</th></tr></thead>\n<tbody>\n");
	for (int i = 0; i < r->ncampaigns; i++) {
		const RpCampaign *c = &r->campaigns[i];
		char dur[32], rate[32];
		rp_fmt_duration(dur, sizeof dur, c->duration_s);
		rp_fmt_per_s(rate, sizeof rate, c->programs_per_s);
		sb_printf(sb, "<tr class=\"campaign-row\" id=\"campaign-%lld\"><td>%lld</td><td class=\"w\">",
		          (long long)c->id, (long long)c->id);
		esc(sb, c->started_at);
		sb_puts(sb, "<br>");
		esc(sb, c->status);
		sb_printf(sb, ", %s</td><td class=\"n\">%ld (%s)</td><td class=\"n\">%ld / %ld</td>"
		              "<td class=\"w\">",
		          dur, c->execs, rate, c->new_findings, c->seen_findings);
		for (int v = 0; v < c->nverdicts; v++) {
			const RpVerdict *x = &c->verdicts[v];
			if (v)
				sb_puts(sb, "<br>");
			esc(sb, x->model);
			sb_puts(sb, ": ");
			if (x->unsound)
				sb_printf(sb, "<span class=\"bad\">unsound %ld</span>", x->unsound);
			else
				sb_puts(sb, "<span class=\"ok\">sound</span>");
			sb_puts(sb, ", ");
			if (x->not_minimal)
				sb_printf(sb, "<span class=\"bad\">not minimal %ld</span>", x->not_minimal);
			else
				sb_puts(sb, "<span class=\"ok\">minimal</span>");
			if (x->triaged)
				sb_printf(sb, " <span class=\"na\">(%ld triaged)</span>", x->triaged);
		}
		sb_puts(sb, "</td><td class=\"w\">");
		if (c->fencefuzz_version || c->fencefuzz_commit) {
			sb_puts(sb, "fencefuzz ");
			esc_or(sb, c->fencefuzz_version, "?");
			if (c->fencefuzz_commit) {
				sb_puts(sb, " (commit ");
				esc(sb, c->fencefuzz_commit);
				sb_puts(sb, ")");
			}
		} else
			sb_puts(sb, "<span class=\"na\">not recorded</span>");
		if (c->model_versions) {
			sb_puts(sb, "<br>model versions <code>");
			esc(sb, c->model_versions);
			sb_puts(sb, "</code>");
		}
		sb_puts(sb, "</td><td class=\"w\">seed ");
		esc_or(sb, c->seed, "?");
		sb_puts(sb, ", engine ");
		esc_or(sb, c->engine, "?");
		sb_puts(sb, ", host ");
		esc_or(sb, c->host, "?");
		sb_puts(sb, "<br>models ");
		esc_or(sb, c->models, "none");
		if (c->model_versions) {
			sb_puts(sb, "<br>model versions ");
			esc(sb, c->model_versions);
		}
		sb_puts(sb, "<br>oracles ");
		esc_or(sb, c->oracles, "none");
		sb_puts(sb, "<br><code>");
		esc_or(sb, c->config, "no config");
		sb_puts(sb, "</code></td></tr>\n");
	}
	sb_puts(sb, "</tbody>\n</table>\n</section>\n");
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
	          n, plural(n));
	sb_puts(sb, "<div class=\"charts\">\n");
	rp_svg_chart(sb, "programs/s", "elapsed (s)", "programs/s", rate, n);
	rp_svg_chart(sb, "findings recorded (occurrences)", "elapsed (s)", "findings", found, n);
	sb_puts(sb, "</div>\n");
	for (int i = 0; i < n; i++)
		free(buf[i]);
	sb_puts(sb, "</section>\n");
}

static void
hardware(StrBuf *sb, const Report *r)
{
	sb_puts(sb, "<section id=\"hardware\">\n<h2>Hardware runs</h2>\n");
	if (!r->nhw) {
		sb_puts(sb, "<p class=\"empty\">no hardware runs: <code>fencefuzz confirm</code></p>\n"
		            "</section>\n");
		return;
	}
	if (r->nhw < r->hw_total)
		sb_printf(sb, "<p>The newest %d of %ld runs.</p>\n", r->nhw, r->hw_total);
	sb_puts(sb, "<table id=\"hw-table\">\n<thead><tr><th>id</th><th>finding</th><th>device</th>"
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
		sb_puts(sb, "</td><td class=\"w\">");
		esc_or(sb, h->device, "?");
		sb_puts(sb, "</td><td class=\"w\">");
		esc_or(sb, h->driver, "?");
		sb_printf(sb, "</td><td class=\"n\">%ld</td><td class=\"n\">%ld</td><td class=\"n\">%s</td>"
		              "<td class=\"w\">",
		          h->trials, h->mismatches, rate);
		esc_or(sb, h->outcome, "?");
		sb_puts(sb, "</td><td class=\"w\">");
		esc(sb, h->created_at);
		sb_puts(sb, "</td><td class=\"w\"><code>");
		esc_or(sb, h->settings, "none");
		sb_puts(sb, "</code></td></tr>\n");
	}
	sb_puts(sb, "</tbody>\n</table>\n");
	for (int i = 0; i < r->nhw; i++) {
		const RpHwRun *h = &r->hw[i];
		sb_printf(sb, "<details class=\"kernel\" id=\"hw-%lld\"><summary>kernel of run %lld"
		              "</summary>\n",
		          (long long)h->id, (long long)h->id);
		if (h->kernel.text) {
			excerpt(sb, NULL, "CUDA kernel", &h->kernel);
			if (h->kernel.shown < h->kernel.total) {
				sb_puts(sb, "<p class=\"kv\">The whole kernel: <code>sqlite3 ");
				esc(sb, r->db_path);
				sb_printf(sb, " 'select kernel_source from hw_runs where id = %lld'</code></p>\n",
				          (long long)h->id);
			}
		} else
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
	new_section(sb, r);
	models(sb, r);
	causes(sb, r);
	findings(sb, r);
	campaigns(sb, r);
	charts(sb, r);
	hardware(sb, r);
	sb_puts(sb, "<footer><p class=\"meta\">fencefuzz report; the page needs no network and "
	            "runs no script but its own.</p></footer>\n");
	sb_printf(sb, "<script>%s</script>\n</body>\n</html>\n", script);
}
