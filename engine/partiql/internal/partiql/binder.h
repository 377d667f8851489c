#pragma once

// The binder's parts: parse tree (partiql/syntax.h) -> meaning
// (partiql/ast.h), with the refusals of DynamoDB's PartiQL translator (its
// ddb.partiql.shared layer, copied in DynamoDB Local: PathTranslator,
// PartiQLToAttributeValueConverterBase, ExpressionParser,
// UpdateExpressionParser, ProjectionExpressionParser, TableNameExtractorBase,
// and ValidationExceptionMessages for the texts). Messages recorded against
// DynamoDB itself say so where they are built.

#include <string>
#include <vector>

#include "partiql/ast.h"
#include "partiql/syntax.h"

namespace dynamini::partiql {

// The request's Parameters, taken by `?` in statement order.
class Binding {
 public:
  explicit Binding(const std::vector<AttributeValue>& parameters) : parameters_(parameters) {}
  // "Number of parameters in request and statement don't match." when the
  // request has fewer (extra ones are ignored: DynamoDB Local, recorded).
  const AttributeValue& parameter(const syntax::Expr& e) const;

 private:
  const std::vector<AttributeValue>& parameters_;
};

// A document path: a name, or a name then .name, ["name"] and [index] steps.
expr::Path bind_path(const syntax::Expr& e);

// A value written in the statement (or a parameter) as an AttributeValue.
// `where` names it in number and type errors: "root", "root.x", "root[1]".
AttributeValue bind_value(const syntax::Expr& e, const std::string& where, Binding& binding);
// INSERT's item: a tuple, each attribute converted under "root".
Item bind_item(const syntax::Expr& e, Binding& binding);

// A WHERE clause.
Condition bind_where(const syntax::Expr& e, Binding& binding);
// The operand of a condition or SET value (a path, a value, a function of
// them); `in_update` selects the functions allowed.
Operand bind_operand(const syntax::Expr& e, bool in_update, Binding& binding);

// A condition used as a value (partiql/boolean_comparisons.cc): its truth
// compared with a value or path, or with another condition's; an ordering
// comparison of it refused.
Condition condition_equals(Condition c, const Operand& other);
Condition conditions_equal(Condition a, Condition b);
[[noreturn]] void refuse_ordering(const std::string& op);

// A known function's argument count, in the expression validator's words.
void check_operand_count(const syntax::Expr& call);

// UPDATE's SET / REMOVE operations, in statement order.
std::vector<UpdateAction> bind_actions(const std::vector<syntax::DmlOp>& ops, Binding& binding);

// A number literal's text under DynamoDB's limits: "Number overflow. ...
// under <where>" and the like.
AttributeValue bind_number(const std::string& text, const std::string& where);

// "Unsupported operation: <node>" for a statement that is a bare expression,
// naming the node as DynamoDB's PartiQL AST does ("IsType", recorded).
std::string node_name(const syntax::Expr& e);

}  // namespace dynamini::partiql
