/* report_chart.c: inline SVG line charts for the HTML report: axes with
 * round ticks, one polyline per series, a legend.  Pure markup (no script,
 * no external reference), so the page stays self-contained; every label goes
 * through rp_escape_html. */
#include "store.h"

#include <math.h>

enum { W = 640, H = 260, LEFT = 64, RIGHT = 16, TOP = 28, BOTTOM = 40 };

static const char *const palette[] = {
	"#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf", "#8c564b", "#e377c2",
};

/* A round step (1, 2 or 5 times a power of ten) giving about `ticks` ticks. */
static double
nice_step(double max, int ticks)
{
	if (!(max > 0))
		return 1;
	double raw = max / ticks, p = pow(10, floor(log10(raw)));
	double m = raw / p;
	return (m <= 1 ? 1 : m <= 2 ? 2 : m <= 5 ? 5 : 10) * p;
}

static void
number(StrBuf *sb, double v)
{
	double a = fabs(v);
	if (a >= 1e6)
		sb_printf(sb, "%.3gM", v / 1e6);
	else if (a >= 1e4)
		sb_printf(sb, "%.3gk", v / 1e3);
	else
		sb_printf(sb, "%g", v);
}

void
rp_svg_chart(StrBuf *sb, const char *title, const char *xlabel, const char *ylabel,
             const RpSeries *series, int nseries)
{
	double xmax = 0, ymax = 0;
	for (int s = 0; s < nseries; s++)
		for (int i = 0; i < series[s].n; i++) {
			if (series[s].x[i] > xmax)
				xmax = series[s].x[i];
			if (series[s].y[i] > ymax)
				ymax = series[s].y[i];
		}
	double xstep = nice_step(xmax, 6), ystep = nice_step(ymax, 5);
	double xtop = ceil(xmax / xstep) * xstep, ytop = ceil(ymax / ystep) * ystep;
	if (!(xtop > 0))
		xtop = xstep;
	if (!(ytop > 0))
		ytop = ystep;
	double pw = W - LEFT - RIGHT, ph = H - TOP - BOTTOM;

	sb_printf(sb, "<svg class=\"chart\" viewBox=\"0 0 %d %d\" role=\"img\" aria-label=\"", W, H);
	rp_escape_html(sb, title);
	sb_puts(sb, "\"><title>");
	rp_escape_html(sb, title);
	sb_puts(sb, "</title>\n");
	sb_printf(sb, "<text x=\"%d\" y=\"16\" class=\"ct\">", LEFT);
	rp_escape_html(sb, title);
	sb_puts(sb, "</text>\n");
	/* Grid and ticks. */
	for (double y = 0; y <= ytop + ystep / 2; y += ystep) {
		double py = TOP + ph - y / ytop * ph;
		sb_printf(sb, "<line x1=\"%d\" x2=\"%d\" y1=\"%.1f\" y2=\"%.1f\" class=\"grid\"/>", LEFT,
		          W - RIGHT, py, py);
		sb_printf(sb, "<text x=\"%d\" y=\"%.1f\" class=\"yt\">", LEFT - 6, py + 4);
		number(sb, y);
		sb_puts(sb, "</text>\n");
	}
	for (double x = 0; x <= xtop + xstep / 2; x += xstep) {
		double px = LEFT + x / xtop * pw;
		sb_printf(sb, "<line x1=\"%.1f\" x2=\"%.1f\" y1=\"%d\" y2=\"%d\" class=\"axis\"/>", px, px,
		          TOP + (int)ph, TOP + (int)ph + 4);
		sb_printf(sb, "<text x=\"%.1f\" y=\"%d\" class=\"xt\">", px, TOP + (int)ph + 16);
		number(sb, x);
		sb_puts(sb, "</text>\n");
	}
	sb_printf(sb, "<line x1=\"%d\" x2=\"%d\" y1=\"%d\" y2=\"%d\" class=\"axis\"/>\n", LEFT, W - RIGHT,
	          TOP + (int)ph, TOP + (int)ph);
	sb_printf(sb, "<text x=\"%.1f\" y=\"%d\" class=\"xl\">", LEFT + pw / 2, H - 4);
	rp_escape_html(sb, xlabel);
	sb_printf(sb, "</text>\n<text x=\"14\" y=\"%.1f\" class=\"yl\" transform=\"rotate(-90 14 %.1f)\">",
	          TOP + ph / 2, TOP + ph / 2);
	rp_escape_html(sb, ylabel);
	sb_puts(sb, "</text>\n");
	/* Series, then the legend on top of them. */
	int npal = (int)(sizeof palette / sizeof palette[0]);
	for (int s = 0; s < nseries; s++) {
		sb_printf(sb, "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"1.8\" points=\"",
		          palette[s % npal]);
		for (int i = 0; i < series[s].n; i++)
			sb_printf(sb, "%s%.1f,%.1f", i ? " " : "", LEFT + series[s].x[i] / xtop * pw,
			          TOP + ph - series[s].y[i] / ytop * ph);
		sb_puts(sb, "\"><title>");
		rp_escape_html(sb, series[s].name);
		sb_puts(sb, "</title></polyline>\n");
		/* Few points: mark them, so a one-interval series is still visible. */
		for (int i = 0; series[s].n <= 40 && i < series[s].n; i++)
			sb_printf(sb, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"2.5\" fill=\"%s\"/>",
			          LEFT + series[s].x[i] / xtop * pw, TOP + ph - series[s].y[i] / ytop * ph,
			          palette[s % npal]);
	}
	for (int s = 0; s < nseries; s++) {
		double ly = TOP + 4 + 14 * s;
		sb_printf(sb, "<rect x=\"%d\" y=\"%.1f\" width=\"10\" height=\"10\" fill=\"%s\"/>",
		          W - RIGHT - 150, ly, palette[s % npal]);
		sb_printf(sb, "<text x=\"%d\" y=\"%.1f\" class=\"lg\">", W - RIGHT - 135, ly + 9);
		rp_escape_html(sb, series[s].name);
		sb_puts(sb, "</text>\n");
	}
	sb_puts(sb, "</svg>\n");
}
