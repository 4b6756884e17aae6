/* main.c: the fencefuzz command line.  Only the commands' run functions
 * called from here decide exit codes: 0 ok, 1 finding or regression, 2 bad
 * input or usage, 128+N stopped by signal N after a clean stop (campaign);
 * README "Exit status".  Each command parses its own options with its
 * table (options.c), `--opt=value` included. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static const Command commands[] = {
	{"fmt", "print a program in canonical TVMScript", cmd_fmt, help_fmt},
	{"pass", "run a pass model and print the transformed program", cmd_pass, help_pass},
	{"models", "list the pass models and mutants", cmd_models, help_models},
	{"check", "run a model and the oracles; print findings with witnesses", cmd_check, help_check},
	{"sweep", "run models over corpus files and summarise what they did", cmd_sweep, help_sweep},
	{"gen", "generate random TileLang-shaped programs from a seed", cmd_gen, help_gen},
	{"campaign", "generate programs, run models and oracles, record findings in SQLite", cmd_campaign, help_campaign},
	{"reduce", "shrink a program to the smallest one that still shows a finding", cmd_reduce, help_reduce},
	{"repro", "print a finding's reproducers (TVMScript, TileLang pytest, CUDA) from the database", cmd_repro, help_repro},
	{"findings", "list stored findings and root causes with their IDs, filtered", cmd_findings, help_findings},
	{"triage", "set the status of findings or of whole root causes (wontfix, ...)", cmd_triage, help_triage},
	{"promote", "write a finding into the regression corpus with every model's expected verdict", cmd_promote, help_promote},
	{"replay", "check the regression corpus against the models; exit 1 on any change", cmd_replay, help_replay},
	{"report", "render the results database as an HTML page and a Markdown summary", cmd_report, help_report},
	{"merge", "combine result databases from several machines", cmd_merge, help_merge},
	{"lower", "print a program as a self-contained CUDA kernel for SM90", cmd_lower, help_lower},
	{"confirm", "run lowered programs or stored findings on the GPU; record hw_runs", cmd_confirm, help_confirm},
};
enum { NCOMMANDS = sizeof commands / sizeof commands[0] };

static void
usage(FILE *out)
{
	fprintf(out,
	        "usage: fencefuzz COMMAND [ARGS]\n"
	        "       fencefuzz --version\n"
	        "\n"
	        "Differential testing of compiler passes that insert fence.proxy.async\n"
	        "(TileLang InjectFenceProxy).  Programs are TVMScript files; `-` reads stdin.\n"
	        "Options take their value as `--opt value` or `--opt=value`.\n"
	        "\n"
	        "commands:\n");
	for (int i = 0; i < NCOMMANDS; i++)
		fprintf(out, "  %-8s %s\n", commands[i].name, commands[i].summary);
	fprintf(out,
	        "  help     show help for a command: fencefuzz help COMMAND\n"
	        "\n"
	        "exit status: 0 ok, 1 finding (or regression; campaign only with --fail-on),\n"
	        "2 bad input or usage, 130 campaign stopped by Ctrl-C\n");
}

static void
help_help(FILE *out)
{
	fprintf(out,
	        "usage: fencefuzz help [COMMAND]\n"
	        "\n"
	        "Without COMMAND, lists the commands; with one, prints what it does and its\n"
	        "options (the same as fencefuzz COMMAND --help).\n"
	        "\n"
	        "exit status: 0 printed, 2 unknown command\n");
}

static const Command *
find_command(const char *name)
{
	for (int i = 0; i < NCOMMANDS; i++)
		if (strcmp(commands[i].name, name) == 0)
			return &commands[i];
	return NULL;
}

int
main(int argc, char **argv)
{
	if (argc < 2) {
		usage(stderr);
		return 2;
	}
	char **args = argv;
	const char *name = args[1];
	if (!strcmp(name, "-h") || !strcmp(name, "--help")) {
		usage(stdout);
		return 0;
	}
	if (!strcmp(name, "--version")) {
		printf("fencefuzz %s (commit %s)\n", cli_version, cli_commit);
		return 0;
	}
	if (!strcmp(name, "help")) {
		if (argc < 3) {
			usage(stdout);
			return 0;
		}
		if (!strcmp(args[2], "help")) {
			help_help(stdout);
			return 0;
		}
		const Command *c = find_command(args[2]);
		if (!c) {
			fprintf(stderr, "fencefuzz: unknown command '%s' (try fencefuzz --help)\n", args[2]);
			return 2;
		}
		c->help(stdout);
		return 0;
	}
	const Command *c = find_command(name);
	if (!c) {
		fprintf(stderr, "fencefuzz: unknown command '%s' (try fencefuzz --help)\n", name);
		return 2;
	}
	for (int i = 2; i < argc; i++) {
		if (!strcmp(args[i], "--"))
			break;
		if (!strcmp(args[i], "-h") || !strcmp(args[i], "--help")) {
			c->help(stdout);
			return 0;
		}
	}
	return c->run(argc - 2, args + 2);
}
