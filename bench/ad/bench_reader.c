//===- bench_reader.c - Reading ADBench's whitespace-separated inputs ----===//

#include "bench_reader.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

int bench_reader_open(BenchReader *reader, const char *path) {
  reader->file = fopen(path, "r");
  reader->path = path;
  reader->line = 1;
  reader->column = 1;
  if (!reader->file) {
    fprintf(stderr, "%s: error: cannot open: %s\n", path, strerror(errno));
    return -1;
  }
  return 0;
}

void bench_reader_close(BenchReader *reader) {
  if (reader->file)
    fclose(reader->file);
  reader->file = NULL;
}

static int next_char(BenchReader *reader) {
  int c = fgetc(reader->file);
  if (c == '\n') {
    ++reader->line;
    reader->column = 1;
  } else if (c != EOF) {
    ++reader->column;
  }
  return c;
}

/* Reads the next whitespace-delimited token into `token`; returns its length
 * (0 at end of file) and the position where it starts. */
static int next_token(BenchReader *reader, char *token, int size, int *line,
                      int *column) {
  int c = next_char(reader);
  while (c != EOF && isspace(c))
    c = next_char(reader);
  *line = reader->line;
  // The column has moved past the token's first character, unless at the end.
  *column = c == EOF ? reader->column : reader->column - 1;
  int length = 0;
  while (c != EOF && !isspace(c)) {
    if (length + 1 < size)
      token[length++] = (char)c;
    c = next_char(reader);
  }
  token[length] = '\0';
  return length;
}

static int report(const BenchReader *reader, int line, int column,
                  const char *what, const char *token) {
  if (*token)
    fprintf(stderr, "%s:%d:%d: error: expected %s, found '%s'\n", reader->path,
            line, column, what, token);
  else
    fprintf(stderr, "%s:%d:%d: error: expected %s, found end of file\n",
            reader->path, line, column, what);
  return -1;
}

typedef struct Token {
  char text[64];
  int line, column;
} Token;

/* Reads the next token, reporting `what` was expected at end of file. */
static int read_token(BenchReader *reader, Token *token, const char *what) {
  if (next_token(reader, token->text, sizeof token->text, &token->line,
                 &token->column) == 0)
    return report(reader, token->line, token->column, what, token->text);
  errno = 0;
  return 0;
}

int bench_read_double(BenchReader *reader, double *value) {
  Token token;
  if (read_token(reader, &token, "a number") != 0)
    return -1;
  char *end;
  *value = strtod(token.text, &end);
  if (*end != '\0' || errno == ERANGE || !isfinite(*value))
    return report(reader, token.line, token.column, "a finite number",
                  token.text);
  return 0;
}

int bench_read_doubles(BenchReader *reader, double *values, long count) {
  for (long i = 0; i < count; ++i)
    if (bench_read_double(reader, &values[i]) != 0)
      return -1;
  return 0;
}

int bench_read_int(BenchReader *reader, int *value, int min_value,
                   int max_value) {
  Token token;
  if (read_token(reader, &token, "an integer") != 0)
    return -1;
  char *end;
  long parsed = strtol(token.text, &end, 10);
  if (*end != '\0' || errno == ERANGE || parsed < min_value ||
      parsed > max_value) {
    char what[96];
    snprintf(what, sizeof what, "an integer in [%d, %d]", min_value, max_value);
    return report(reader, token.line, token.column, what, token.text);
  }
  *value = (int)parsed;
  return 0;
}

int bench_reader_open_sizes(BenchReader *reader, const char *path, int *sizes,
                            const int *min_size, const int *max_size) {
  if (bench_reader_open(reader, path) != 0)
    return -1;
  for (int i = 0; i < 3; ++i)
    if (bench_read_int(reader, &sizes[i], min_size[i], max_size[i]) != 0) {
      bench_reader_close(reader);
      return -1;
    }
  return 0;
}

int bench_reader_finish(BenchReader *reader, BenchProblem *problem, int ok) {
  bench_reader_close(reader);
  if (!ok) {
    bench_problem_destroy(problem);
    return -1;
  }
  snprintf(problem->origin, sizeof problem->origin, "%s", reader->path);
  return 0;
}
