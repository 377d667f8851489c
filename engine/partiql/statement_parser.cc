// PartiQL statements, parsed as DynamoDB's parser (partiql-lang-kotlin
// SqlParser: parseSelect, parseLegacyDml, parseFrom, parseBaseDmls,
// parseReturning) reads them: SELECT, INSERT INTO ... VALUE, UPDATE ... SET |
// REMOVE ... WHERE ... RETURNING, DELETE FROM ... WHERE ... RETURNING, the
// FROM-first form FROM ... WHERE ... SET | REMOVE ... RETURNING, and
// EXISTS(SELECT ...). The clauses are the Developer Guide's ("PartiQL
// select / insert / update / delete statements for DynamoDB"); what may follow
// what is the parser's (e.g. ORDER BY only after a SELECT's WHERE, recorded:
// "ORDER BY ahead of WHERE" and "ORDER BY on a DELETE" leave a token over).

#include "partiql/parser.h"
#include "partiql/token_stream.h"

namespace dynamini::partiql {
namespace {

using syntax::Expr;

bool is_name(const Token& t) {
  return t.kind == TokenKind::kIdentifier || t.kind == TokenKind::kQuoted;
}

// `AS name`, `AT name`, `BY name` or a bare name after a source: read, so the
// binder can refuse it ("Aliasing is not supported").
bool parse_aliases(TokenStream& in) {
  bool aliased = false;
  if (in.keyword("as") || is_name(in.peek())) {
    if (!is_name(in.peek())) throw statement_error("Expected identifier for alias");
    in.advance();
    aliased = true;
  }
  for (const char* word : {"at", "by"}) {
    if (!in.keyword(word)) continue;
    if (!is_name(in.peek())) throw statement_error("Expected identifier for alias");
    in.advance();
    aliased = true;
  }
  return aliased;
}

syntax::Source parse_dml_source(TokenStream& in) {
  syntax::Source source;
  source.path = parse_simple_path(in);
  source.aliased = parse_aliases(in);
  return source;
}

std::optional<syntax::Returning> parse_returning(TokenStream& in) {
  if (!in.keyword("returning")) return std::nullopt;
  syntax::Returning out;
  do {
    syntax::Returning::Element element;
    const bool modified = in.is_keyword("modified");
    if ((!modified && !in.is_keyword("all")) ||
        (!in.is_keyword("old", 1) && !in.is_keyword("new", 1))) {
      throw statement_error("Expected ( MODIFIED | ALL ) ( NEW | OLD ) in each returning element.");
    }
    const bool old = in.is_keyword("old", 1);
    element.mapping = modified ? (old ? syntax::Returning::Mapping::kModifiedOld
                                      : syntax::Returning::Mapping::kModifiedNew)
                               : (old ? syntax::Returning::Mapping::kAllOld
                                      : syntax::Returning::Mapping::kAllNew);
    in.advance();
    in.advance();
    if (!in.symbol("*")) {
      Expr column = parse_expression(in);
      if (column.kind != Expr::Kind::kPath && column.kind != Expr::Kind::kIdentifier &&
          column.kind != Expr::Kind::kLiteral) {
        throw statement_error("Unsupported syntax in RETURNING columns.");
      }
      element.wildcard = false;
    }
    out.elements.push_back(element);
  } while (in.symbol(","));
  return out;
}

// SET a = 1, b = 2 (the targets simple paths).
syntax::DmlOp parse_set(TokenStream& in) {
  syntax::DmlOp op;
  op.kind = syntax::DmlOp::Kind::kSet;
  do {
    if (in.at_end()) throw statement_error("Expected assignment for SET");
    Expr target = parse_simple_path(in);
    if (!in.symbol("=")) throw statement_error("Expected EQ");
    op.assignments.emplace_back(std::move(target), parse_expression(in));
  } while (in.symbol(","));
  return op;
}

// SET / REMOVE / INSERT INTO operations, one or more, in any order.
std::vector<syntax::DmlOp> parse_dml_ops(TokenStream& in) {
  std::vector<syntax::DmlOp> ops;
  while (true) {
    if (in.keyword("set")) {
      ops.push_back(parse_set(in));
    } else if (in.keyword("remove")) {
      syntax::DmlOp op;
      op.kind = syntax::DmlOp::Kind::kRemove;
      op.target = parse_simple_path(in);
      ops.push_back(std::move(op));
    } else if (in.is_keyword("insert") && in.is_keyword("into", 1)) {
      in.advance();
      in.advance();
      syntax::DmlOp op;
      op.kind = syntax::DmlOp::Kind::kInsert;
      op.target = parse_simple_path(in);
      if (in.keyword("value")) parse_expression(in);
      ops.push_back(std::move(op));
    } else {
      break;
    }
  }
  if (ops.empty()) throw statement_error("Expected data manipulation");
  return ops;
}

syntax::Update parse_update(TokenStream& in) {
  syntax::Update u;
  u.target = parse_dml_source(in);
  u.ops = parse_dml_ops(in);
  if (in.keyword("where")) u.where = parse_expression(in);
  u.returning = parse_returning(in);
  return u;
}

// FROM <source> [WHERE ...] <operations> [RETURNING ...]: an UPDATE written
// FROM first (recorded: clauses in that order, a WHERE after SET is left over).
syntax::Update parse_from_first(TokenStream& in) {
  syntax::Update u;
  u.target.path = parse_expression(in, 6);
  u.target.aliased = parse_aliases(in);
  if (in.keyword("where")) u.where = parse_expression(in);
  u.ops = parse_dml_ops(in);
  u.returning = parse_returning(in);
  return u;
}

syntax::Delete parse_delete(TokenStream& in) {
  if (!in.keyword("from")) throw statement_error("Expected FROM after DELETE");
  syntax::Delete d;
  d.target = parse_dml_source(in);
  if (in.keyword("where")) d.where = parse_expression(in);
  d.returning = parse_returning(in);
  return d;
}

syntax::Insert parse_insert(TokenStream& in) {
  syntax::Insert i;
  i.target.path = parse_simple_path(in);
  if (!in.keyword("value")) {
    i.value_keyword = false;
    i.value = parse_expression(in);
    return i;
  }
  i.value = parse_expression(in);
  if (in.keyword("at")) {
    i.at = true;
    parse_expression(in);
  }
  i.returning = parse_returning(in);
  return i;
}

void parse_projection(TokenStream& in, syntax::Select& s) {
  if (in.keyword("distinct")) {
    s.distinct = true;
  } else {
    in.keyword("all");
  }
  if (in.keyword("value")) {
    s.value = true;
    s.projection.push_back({parse_expression(in), false});
    return;
  }
  do {
    if (in.symbol("*")) {
      s.star = true;
      continue;
    }
    syntax::SelectItem item{parse_expression(in), false};
    item.aliased = parse_aliases(in);
    s.projection.push_back(std::move(item));
  } while (in.symbol(","));
  if (s.star && !s.projection.empty()) {
    throw statement_error(
        "Other expressions may not be present in the select list when '*' is used without dot "
        "notation.");
  }
}

void parse_order_by(TokenStream& in, syntax::Select& s) {
  if (!in.is_keyword("order")) return;
  in.advance();
  if (!in.keyword("by")) throw statement_error("Expected BY");
  do {
    syntax::OrderItem item{parse_expression(in), false};
    if (in.keyword("desc")) {
      item.descending = true;
    } else {
      in.keyword("asc");
    }
    s.order_by.push_back(std::move(item));
  } while (in.symbol(","));
}

syntax::Select parse_select(TokenStream& in) {
  syntax::Select s;
  parse_projection(in, s);
  if (!in.keyword("from")) throw statement_error("Expected FROM after SELECT list");
  s.from.path = parse_expression(in, 6);
  s.from.aliased = parse_aliases(in);
  if (in.keyword("where")) s.where = parse_expression(in, 6);
  parse_order_by(in, s);
  return s;
}

syntax::Statement parse_tokens(TokenStream& in) {
  if (in.keyword("select")) return parse_select(in);
  if (in.is_keyword("insert") && in.is_keyword("into", 1)) {
    in.advance();
    in.advance();
    return parse_insert(in);
  }
  if (in.keyword("update")) return parse_update(in);
  if (in.keyword("delete")) return parse_delete(in);
  if (in.keyword("from")) return parse_from_first(in);
  if (in.is_keyword("exists") && in.is_symbol("(", 1) && in.is_keyword("select", 2)) {
    syntax::Exists e;
    e.span = in.peek().span;
    in.advance();
    in.advance();
    in.advance();
    e.select = parse_select(in);
    in.expect_symbol(")", "Expected RIGHT_PAREN");
    return e;
  }
  return syntax::Expression{parse_expression(in)};
}

}  // namespace

syntax::Statement parse_syntax(std::string_view statement, int* parameter_count) {
  TokenStream in(tokenize(statement));
  syntax::Statement out = parse_tokens(in);
  if (!in.at_statement_end()) throw statement_error("Unexpected token after expression");
  if (parameter_count) *parameter_count = in.parameters();
  return out;
}

}  // namespace dynamini::partiql
