#!/usr/bin/env python3
"""Generates dynamini's typed request and response shapes from DynamoDB's service model.

DynamoDB validates requests with code generated from its own service model (the shapes
botocore and every SDK are built from): member types, required members, string lengths,
patterns, number ranges, list and map sizes, enums. This script turns the same model
into C++:

  engine/include/dynamini/shapes.h       public plain structs, one per shape
                                         (dynamini::api::X; operation inputs and
                                         outputs also as dynamini::XRequest/XResponse)
  engine/include/dynamini/operation_list.h  the operations, once (OPERATIONS below)
  engine/ops/operation/include/operation/operations.h  their declarations
  engine/api/include/api/shapes_wire.h   internal: read / check / write declarations
  engine/api/shapes_read.cc              wire JSON -> struct, SerializationException
                                         for a member of the wrong JSON type
  engine/api/shapes_check.cc             the model's constraints, reported as
                                         DynamoDB reports them ("N validation errors
                                         detected: Value ... at 'path' failed to
                                         satisfy constraint: ...")
  engine/api/shapes_write.cc             struct -> wire JSON (responses)
  engine/api/shapes_values.cc            AttributeValue validation for typed callers

Usage (the generated files are checked in; CI runs --check):
  python3 tools/codegen/generate_shapes.py [--model DIR] [--check]

The model is the checked-in copy of botocore's DynamoDB and DynamoDB Streams service
models (tools/codegen/model, with its version); --model names another botocore data
directory holding dynamodb/2012-08-10/service-2.json[.gz] and
dynamodbstreams/2012-08-10/service-2.json[.gz]. The model's version is written into every
generated file. --check writes nothing and fails when a checked-in generated file differs
from a fresh generation.

Where dynamini answers differently from the model on purpose, the difference is an
entry in OVERRIDES below with the reason; everything else follows the model.
"""

import argparse
import gzip
import hashlib
import json
import keyword
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
OUT_DIR = os.path.join(ROOT, "engine", "api")

# Shapes the service model has and this machine's botocore lacks (vector indexes and
# SearchVectors), each with its source: merged into the model before OVERRIDES apply.
SUPPLEMENTS = [os.path.join(HERE, "vector_search_supplement.json")]

# The service model the shapes come from, checked in (tools/codegen/model/README.md).
MODEL_DIR = os.path.join(HERE, "model")

# The operations dynamini serves, by service: the one list of them. From it the generator
# writes the public list (engine/include/dynamini/operation_list.h: the typed Database
# methods and the registry of Database::execute) and the operations' declarations
# (engine/ops/operation/include/operation/operations.h). Each entry names the operation
# and the optional steps its file defines besides run() (operation/typed_operation.h):
#   before_read    check_before_read(body): checks the JSON body before it is read
#   before_shape   check_before_shape(request): before the shape's constraint checks
#   before_values  check_before_values(request): after them, before the AttributeValues
#   envelope       kEnvelopesRequestChecks: request checks answered as
#                  "1 validation error detected: ..." (PutItem, UpdateItem, DeleteItem)
#   older_values   kValueLayer = ValueLayer::kOlder: the AttributeValues are checked by
#                  DynamoDB's older value layer (values/value_check.h), not the current one
#   own_values     check_values(request): the operation checks (part of) its values itself,
#                  after api::check_values (the generator's values_checked_by_operation)
# Adding an operation: its entry here, then its file under engine/ops/<feature>/.
OPERATIONS = {
    "dynamodb": [
        # Tables and indexes (engine/ops/tables).
        ("CreateTable", "before_shape"), ("DescribeTable",), ("UpdateTable", "before_values"),
        ("ListTables",), ("DeleteTable",),
        # Items (engine/ops/items), queries and scans (engine/ops/queries).
        ("PutItem", "before_values", "envelope"), ("GetItem", "before_values"),
        ("DeleteItem", "before_values", "envelope"),
        ("UpdateItem", "before_shape", "before_values", "envelope"),
        ("Query", "before_shape", "before_values"), ("Scan", "before_values", "older_values"),
        ("BatchGetItem", "before_shape"),
        ("BatchWriteItem", "before_shape", "before_values", "older_values"),
        # Transactions (engine/ops/transactions).
        ("TransactWriteItems", "before_values", "older_values", "own_values"),
        ("TransactGetItems", "older_values"),
        # Tags, resource policies (stored and validated, not enforced), TTL and account
        # information (engine/ops/tables).
        ("TagResource", "before_shape"), ("UntagResource", "before_shape"),
        ("ListTagsOfResource", "before_shape"),
        # PartiQL (engine/ops/partiql).
        # Their parameters' numbers are read as the older value layer reads them.
        ("ExecuteStatement", "older_values"), ("BatchExecuteStatement", "older_values"),
        ("ExecuteTransaction", "older_values"),
        ("UpdateTimeToLive",), ("DescribeTimeToLive",), ("DescribeLimits",),
        ("DescribeEndpoints",),
        # Vector search (engine/ops/vectors): SearchVectors reads its body with a stricter
        # deserialiser than the other operations (nulls and missing members in its words).
        ("SearchVectors", "before_read"),
        ("PutResourcePolicy",), ("GetResourcePolicy",), ("DeleteResourcePolicy",),
        # Backups and point-in-time recovery (engine/ops/backups).
        ("CreateBackup",), ("DescribeBackup",), ("ListBackups",), ("DeleteBackup",),
        ("RestoreTableFromBackup",), ("UpdateContinuousBackups",),
        ("DescribeContinuousBackups",), ("RestoreTableToPointInTime",),
        # Export and import (engine/ops/transfer).
        ("ExportTableToPointInTime",), ("DescribeExport",), ("ListExports",),
        ("ImportTable",), ("DescribeImport",), ("ListImports",),
    ],
    # DynamoDB Streams, served on the same endpoint (engine/ops/streams).
    "dynamodbstreams": [("ListStreams",), ("DescribeStream",), ("GetShardIterator",),
                        ("GetRecords",)],
}
OPERATION_STEPS = {"before_read", "before_shape", "before_values", "envelope", "older_values",
                   "own_values"}

OVERRIDES = {
    # Member shapes replaced (structure.member -> shape). Since 2024 DynamoDB accepts a
    # table ARN wherever a table name goes (shape TableArn, 1..1024 characters). A value
    # that is not an ARN is still held to the table name's rules (3..255 characters of
    # [a-zA-Z0-9_.-]): "Value 'ab' at 'tableName' failed to satisfy constraint: Member must
    # have length greater than or equal to 3" (ack-api-quirks DDB-TABLE-442 live probe,
    # 2026), while an empty name fails only TableArn's "greater than or equal to 1"
    # (ExtendDB crates/core/src/error/messages.rs, captured from DynamoDB). TableNameOrArn
    # is TableArn with the name's rules for values that do not start with "arn:"; the
    # operations resolve the ARN itself (context/table_reference.h).
    "member_shape": {
        "*.TableName": ("TableArn", "TableNameOrArn"),
        "BatchGetRequestMap.<key>": ("TableArn", "TableNameOrArn"),
        "BatchWriteItemRequestMap.<key>": ("TableArn", "TableNameOrArn"),
    },
    # Shapes derived from a model shape with other constraints, for members whose
    # constraints DynamoDB applies differently from the model (name: (base shape,
    # changes)). A derived shape has its base's C++ type. The changes: a constraint
    # (None removes it), "unchecked" (an enum whose value is not checked), or
    # "member"/"members.<Name>": the shape of a list's element or a member.
    "derived_shapes": {
        # An index's key schema: its KeyType is checked by meaning ("Invalid KeySchema:
        # The first KeySchemaElement is not a HASH key type"), not against the enum
        # (dynalite validations/createTable.js and updateTable.js).
        "IndexKeyType": ("KeyType", {"unchecked": True}),
        "IndexKeySchemaElement": ("KeySchemaElement", {"members.KeyType": "IndexKeyType"}),
        "IndexKeySchema": ("KeySchema", {"member": "IndexKeySchemaElement"}),
        # A global index's key schema may be a multi-attribute key (up to four HASH and
        # four RANGE attributes, DynamoDB Developer Guide "Multi-attribute key schema"):
        # no length bound, as in the 2025 model; the counts are checked by meaning
        # ("The KeySchema exceeds the maximum allowed number of HASH key attributes").
        "GlobalIndexKeySchema": ("KeySchema", {"member": "IndexKeySchemaElement", "max": None}),
        # DescribeStream and GetShardIterator answer a short ARN "Invalid StreamArn"
        # (aws-sdk-js integration test; scylladb test_streams.py against DynamoDB),
        # not with the model's 37-character minimum.
        "StreamArnToResolve": ("StreamArn", {"min": 1}),
        # The Streams API reference's upper limits, which the model leaves out.
        "GetRecordsLimit": ("PositiveIntegerObject", {"max": 1000}),
        "StreamsPageLimit": ("PositiveIntegerObject", {"max": 100}),
        # A name in ExpressionAttributeNames over 64 KB is "ExpressionAttributeNames
        # contains invalid value: Attribute name is too large, ..." (DynamoDB Local's
        # message), checked with the expression, not as a length constraint.
        "ExpressionAttributeName": ("AttributeName", {"max": None}),
        "StartKey": ("Key", {}),
        # A TableName member: TableArn, and TableName's rules for a value that is not an ARN.
        "TableNameOrArn": ("TableArn", {"name_rules": "TableName"}),
        # An unknown TableClass is "Invalid table-class parameter provided. Please try again
        # with a valid table-class value: [STANDARD, STANDARD_INFREQUENT_ACCESS]." (ack-api-quirks
        # DDB-TABLE-442, CreateTable and UpdateTable), checked by meaning, not as an enum.
        "TableClassByMeaning": ("TableClass", {"unchecked": True}),
        # CreateTable checks its Tags by meaning: a 129-character key is "The Tag Key
        # provided is invalid, Key: ...", a missing value "The Tag Value provided is
        # invalid, Value: null" (ack-api-quirks DDB-TABLE-110 and -442, live CreateTable),
        # not a shape error as TagResource's (tables/table_settings.h).
        "TagKeyByMeaning": ("TagKeyString", {"min": None, "max": None}),
        "TagValueByMeaning": ("TagValueString", {"min": None, "max": None}),
        "CreateTableTag": ("Tag", {"members.Key": "TagKeyByMeaning",
                                   "members.Value": "TagValueByMeaning", "required": None}),
        "CreateTableTagList": ("TagList", {"member": "CreateTableTag"}),
    },
    # Maps of legacy conditions and updates whose entries may be JSON null: the
    # operation answers those by meaning ("ExpectedAttributeValue must not be null
    # for Attribute: a", "The filter condition for an attribute cannot be null: a":
    # DynamoDB Local's validator), so a null entry is kept (std::nullopt).
    "nullable_map_values": ["ExpectedAttributeMap", "FilterConditionMap", "KeyConditions",
                            "AttributeUpdates"],
    # Maps of AttributeValues whose invalid values DynamoDB's older value layer
    # reports with the member's context: "ExpressionAttributeValues contains invalid
    # value: <why> for key :v" (dynalite test/updateItem.js), "The provided starting
    # key is invalid: <why>" (dynalite test/query.js). Shape -> the ValueChecker
    # method (values/value_check.h) that knows both layers' words.
    "item_map_functions": {
        "ExpressionAttributeValueMap": "expression_attribute_values",
        "StartKey": "exclusive_start_key",
    },
    # AttributeValues the operation checks itself, not check_values: a
    # BatchExecuteStatement parameter that is refused fails only its statement
    # (paritysuite/dynamodb-conformance partiqlParameterNumbers.test.ts).
    # TransactWriteItems checks each action's values right after its expressions,
    # action by action (its check_values step, typed_operation.h).
    "values_checked_by_operation": ["BatchStatementRequest.Parameters",
                                    "TransactWriteItemsInput.TransactItems"],
    # Structures whose value check is public (api::check_values), for the
    # operations that check them themselves.
    "exported_value_checks": ["TransactWriteItem"],
    "member_shape_of": {
        "QueryInput.ExclusiveStartKey": "StartKey",
        "ScanInput.ExclusiveStartKey": "StartKey",
        "LocalSecondaryIndex.KeySchema": "IndexKeySchema",
        "GlobalSecondaryIndex.KeySchema": "GlobalIndexKeySchema",
        "CreateGlobalSecondaryIndexAction.KeySchema": "GlobalIndexKeySchema",
        "DescribeStreamInput.StreamArn": "StreamArnToResolve",
        "GetShardIteratorInput.StreamArn": "StreamArnToResolve",
        "GetRecordsInput.Limit": "GetRecordsLimit",
        "ListStreamsInput.Limit": "StreamsPageLimit",
        "DescribeStreamInput.Limit": "StreamsPageLimit",
        "ExpressionAttributeNameMap.<value>": "ExpressionAttributeName",
        "CreateTableInput.TableClass": "TableClassByMeaning",
        "CreateTableInput.Tags": "CreateTableTagList",
        "UpdateTableInput.TableClass": "TableClassByMeaning",
    },
    # Required members. The 2024 model makes only TableName required in CreateTable
    # (a table may be created from a global table's source ARN); dynamini creates
    # tables from their definition only, and DynamoDB then answers "Member must not
    # be null" for the missing definition (dynalite test/createTable.js).
    "required": {
        "CreateTableInput": ["AttributeDefinitions", "TableName", "KeySchema"],
        # The tag operations check the ARN before the shape ("Invalid TableArn" for a
        # request without one, whatever else is missing: dynalite test/tagResource.js),
        # so a missing ARN is not a shape error (ops check it first).
        "TagResourceInput": ["Tags"],
        "UntagResourceInput": ["TagKeys"],
        "ListTagsOfResourceInput": [],
    },
    # Shape constraints replaced. Key schemas of tables and local indexes keep at most
    # two elements (dynalite test/createTable.js records the message; the 2025 model
    # dropped the bound when global indexes got multi-attribute keys, and DynamoDB's
    # answer for a longer table or LSI key schema is not confirmed).
    "constraints": {
        "KeySchema": {"max": 2},
    },
    # The order in which DynamoDB lists an enum's values in "Member must satisfy enum
    # value set: [...]" is not the model's; these are the recorded orders (dynalite
    # test/*.js, recorded against DynamoDB). Enums not listed use the model's order.
    "enum_message_order": {
        "ProjectionType": ["ALL", "INCLUDE", "KEYS_ONLY"],
        "ScalarAttributeType": ["B", "N", "S"],
        "Select": ["SPECIFIC_ATTRIBUTES", "COUNT", "ALL_ATTRIBUTES", "ALL_PROJECTED_ATTRIBUTES"],
        "ReturnValue": ["ALL_NEW", "UPDATED_OLD", "ALL_OLD", "NONE", "UPDATED_NEW"],
        "ShardIteratorType": ["AFTER_SEQUENCE_NUMBER", "LATEST", "AT_SEQUENCE_NUMBER",
                              "TRIM_HORIZON"],
        "ConditionalOperator": ["OR", "AND"],
        "StreamViewType": ["OLD_IMAGE", "KEYS_ONLY", "NEW_AND_OLD_IMAGES", "NEW_IMAGE"],
        "ComparisonOperator": ["IN", "NULL", "BETWEEN", "LT", "NOT_CONTAINS", "EQ", "GT",
                               "NOT_NULL", "NE", "LE", "BEGINS_WITH", "GE", "CONTAINS"],
    },
    # The order in which a structure's members are checked (and so listed in one
    # "N validation errors" message), where recordings show one other than the
    # model's. Members not listed follow, in the model's order.
    "check_order": {
        # A malformed table name before an unknown ReturnConsumedCapacity
        # (paritysuite/dynamodb-conformance tests/tier3/validation-ordering/
        # batchOperations.test.ts, us-east-1 and eu-west-2, 2026-10-09).
        "BatchGetItemInput": ["RequestItems", "ReturnConsumedCapacity"],
        # A GSI's error before an LSI's, whichever the request lists first
        # (the same suite's createTable.test.ts, both regions, 2026-10-09).
        "CreateTableInput": ["AttributeDefinitions", "TableName", "KeySchema",
                             "GlobalSecondaryIndexes", "LocalSecondaryIndexes"],
        # A ClientRequestToken over 36 characters before an unknown
        # ReturnConsumedCapacity, both echoed (the same suite's transactions.test.ts,
        # us-east-1; eu-west-2 answers the token alone in the newer words).
        "TransactWriteItemsInput": ["ClientRequestToken"],
        "BatchWriteItemInput": ["ReturnConsumedCapacity", "ReturnItemCollectionMetrics",
                                "RequestItems"],
        "ProvisionedThroughput": ["WriteCapacityUnits", "ReadCapacityUnits"],
        "GlobalSecondaryIndex": ["Projection", "IndexName", "ProvisionedThroughput", "KeySchema"],
        "LocalSecondaryIndex": ["Projection", "IndexName", "KeySchema"],
        "CreateGlobalSecondaryIndexAction": ["Projection", "IndexName", "ProvisionedThroughput",
                                             "KeySchema"],
        "ListTablesInput": ["Limit", "ExclusiveStartTableName"],
        "Get": ["TableName"],
        "Put": ["TableName"],
        "Delete": ["TableName"],
        "Update": ["TableName"],
        "ConditionCheck": ["TableName"],
        "WriteRequest": ["DeleteRequest", "PutRequest"],
        # DynamoDB's newer regions (eu-west-2, eu-central-1) list ReturnConsumedCapacity
        # before ReturnValues (nubo-db/dynamodb-conformance
        # captures/2026-06-09-validation-rewording.json, o_put_three_bad_enums and
        # o_del_two_bad_enums; us-east-1 still lists ReturnValues first).
        "PutItemInput": ["TableName", "Item", "Expected", "ReturnConsumedCapacity"],
        "DeleteItemInput": ["TableName", "Key", "Expected", "ConditionalOperator",
                            "ReturnConsumedCapacity"],
    },
    # Members whose errors, when they have any, are the whole message: nothing after
    # them is checked. PutItem and UpdateItem report a bad TableName alone in
    # DynamoDB's newer regions (the same capture, o_put_empty_table_bad_rv: TableName
    # '' with ReturnValues 'INVALID' is one error; nubo-db/dynoxide issue 83 and pull
    # request 127 adopted it; us-east-1 still joins both). Each must come first in
    # check_order (or the model's order).
    "reported_alone": {
        "PutItemInput": ["TableName"],
        "UpdateItemInput": ["TableName"],
    },
    # Members of which only the first that fails is reported. UpdateItem stops at its
    # first invalid Return* enum in the newer regions (the same capture,
    # o_upd_two_bad_enums: ReturnValues and ReturnConsumedCapacity both invalid give
    # one error, ReturnValues'; nubo-db/dynamodb-conformance
    # tests/tier3/validation-ordering/updateItem.test.ts). The members must be
    # consecutive in the check order.
    "first_failure_only": {
        "UpdateItemInput": ["ReturnValues", "ReturnConsumedCapacity",
                            "ReturnItemCollectionMetrics"],
    },
    # Structures inside a list or map whose wrong JSON type DynamoDB reports with its
    # newer deserializer's words ("Unexpected value type in payload"; an array:
    # "Unrecognized collection type class com.amazonaws.dynamodb.v20120810.<Shape>"),
    # as recorded; the rest answer as a member structure does ("Expected null",
    # "Start of list found where not expected").
    "collection_element_words": [
        "ExpectedAttributeValue", "Condition", "AttributeValueUpdate",
        "BatchStatementRequest", "ParameterizedStatement", "Tag",
    ],
    # Shapes whose JSON writer is exported on its own (api/shapes_wire.h): the
    # server renders a call's consumed capacity, which it receives as data.
    "exported_writers": ["ConsumedCapacity", "KeysAndAttributes"],
    # Members whose range error DynamoDB gives in its validation framework's newer
    # words, naming the member in its own spelling without its value ("Value at
    # 'Limit' failed to satisfy constraint: ...": nubo-db/dynamodb-conformance
    # tests/tier3/error-messages/query.test.ts, "Limit of 0"; Scan keeps "Value '0' at
    # 'limit'", tests/tier3/error-messages/scan.test.ts).
    "newer_words_members": {"QueryInput.Limit": "Limit"},
    # Lists whose length error prints their elements as DynamoDB's Java model does
    # (shape -> the renderer in api/shape_checks.h): "Value '[KeySchemaElement(
    # attributeName=pk, keyType=HASH), ...]' at 'keySchema'" (paritysuite/
    # dynamodb-conformance captures/cross-region-latest.json, c_ct_3keys, eu-west-2,
    # 2026-09-20).
    "list_renderers": {"KeySchema": "render_key_schema"},
    # Output members whose items are the stored JSON text, spliced into the answer
    # instead of re-encoded (the read paths' speed; see dynamini/stored_items.h).
    "output_member_type": {
        "GetItemOutput.Item": "ItemJson",
        "QueryOutput.Items": "ItemArray",
        "ScanOutput.Items": "ItemArray",
        "GetRecordsOutput.Records": "RecordArray",
        "ExecuteStatementOutput.Items": "ItemArray",
    },
}

# Model patterns and the C++ predicates that implement them (api/shape_checks.h).
PATTERNS = {
    "[a-zA-Z0-9_.-]+": "matches_name_pattern",
    # ExportTableToPointInTime and ImportTable (issue 18).
    "^[^\\$]+$": "matches_client_token_pattern",
    "[0-9]{12}": "matches_account_id_pattern",
    "[,;:|\\t ]": "matches_csv_delimiter_pattern",
    "[\\x20-\\x21\\x23-\\x2B\\x2D-\\x7E]*": "matches_csv_header_pattern",
    "([0-9a-f]{16})+": "matches_import_next_token_pattern",
    # S3Bucket: the bucket-name pattern, and also a file:// URI. There is no S3
    # here: a local directory stands for the bucket (dynamini's own rule; the
    # error message still quotes the model's pattern).
    "^[a-z0-9A-Z]+[\\.\\-\\w]*[a-z0-9A-Z]+$": "matches_s3_bucket_or_file_uri",
}

# Shapes with a hand-written C++ type.
ATTRIBUTE_VALUE = "AttributeValue"


def load_model(model_dir, service):
    base = os.path.join(model_dir, service, "2012-08-10", "service-2.json")
    if os.path.exists(base + ".gz"):
        with gzip.open(base + ".gz", "rb") as f:
            raw = f.read()
    else:
        with open(base, "rb") as f:
            raw = f.read()
    return json.loads(raw), hashlib.sha256(raw).hexdigest()[:16]


def strip_sources(value):
    if isinstance(value, dict):
        return {k: strip_sources(v) for k, v in value.items() if k != "_source"}
    return value


def merge_supplements(model):
    """Adds each supplement's operations, shapes and members to `model` (a shape or
    member the model already has is an error: the supplement is then obsolete).
    Returns a suffix for the model's version naming the supplements."""
    names = []
    for path in SUPPLEMENTS:
        with open(path, "rb") as f:
            raw = f.read()
        supplement = json.loads(raw)
        for name, spec in supplement.get("operations", {}).items():
            if name in model["operations"]:
                raise ValueError("%s: the model already has operation %s" % (path, name))
            model["operations"][name] = spec
        for name, shape in supplement.get("shapes", {}).items():
            if name in model["shapes"]:
                raise ValueError("%s: the model already has shape %s" % (path, name))
            model["shapes"][name] = strip_sources(shape)
        for owner, members in supplement.get("members", {}).items():
            for name, member in members.items():
                if name in model["shapes"][owner]["members"]:
                    raise ValueError("%s: %s already has member %s" % (path, owner, name))
                model["shapes"][owner]["members"][name] = member
        names.append("%s %s" % (os.path.basename(path), hashlib.sha256(raw).hexdigest()[:16]))
    return "".join(" + " + n for n in names)


def botocore_version(model_dir):
    """The checked-in model's BOTOCORE_VERSION, or a botocore data directory's package."""
    try:
        with open(os.path.join(model_dir, "BOTOCORE_VERSION")) as f:
            return f.read().strip()
    except OSError:
        pass
    try:
        with open(os.path.join(os.path.dirname(model_dir), "__init__.py")) as f:
            m = re.search(r"__version__ = '([^']+)'", f.read())
            return m.group(1) if m else "unknown"
    except OSError:
        return "unknown"


def snake(name):
    s = re.sub(r"([A-Z]+)([A-Z][a-z])", r"\1_\2", name)
    s = re.sub(r"([a-z0-9])([A-Z])", r"\1_\2", s)
    s = s.lower()
    if keyword.iskeyword(s) or s in CPP_KEYWORDS:
        s += "_"
    return s


CPP_KEYWORDS = {"delete", "default", "operator", "new", "class", "union", "register", "switch"}


def enum_constant(value):
    """ALL_OLD -> kAllOld, S -> kS, ConditionalCheckFailed -> kConditionalCheckFailed."""
    parts = [p for p in re.split(r"[^A-Za-z0-9]+", value) if p]
    def word(p):
        return p[:1].upper() + (p[1:].lower() if p.isupper() or p.islower() else p[1:])
    return "k" + "".join(word(p) for p in parts)


def lower_first(name):
    return name[:1].lower() + name[1:]


class Model:
    def __init__(self, model_dir):
        self.dynamodb, ddb_hash = load_model(model_dir, "dynamodb")
        ddb_hash += merge_supplements(self.dynamodb)
        self.streams, streams_hash = load_model(model_dir, "dynamodbstreams")
        self.version = "botocore %s (dynamodb model %s, dynamodbstreams model %s)" % (
            botocore_version(model_dir), ddb_hash, streams_hash)
        self.shapes = dict(self.dynamodb["shapes"])
        for name, shape in self.streams["shapes"].items():
            if name in self.shapes and name != "KeySchema":
                continue  # shared shapes are identical (checked when written)
            self.shapes[name] = shape
        self.operations = []
        self.steps = {}
        for service, entries in OPERATIONS.items():
            model = self.dynamodb if service == "dynamodb" else self.streams
            for op, *steps in entries:
                unknown = set(steps) - OPERATION_STEPS
                if unknown:
                    raise ValueError("%s: unknown steps %s" % (op, sorted(unknown)))
                self.steps[op] = steps
                spec = model["operations"][op]
                output = spec.get("output", {}).get("shape")
                if output is None:
                    # An operation without an output shape (TagResource,
                    # UntagResource) answers HTTP 200 with an empty body (the
                    # API reference's "Response Elements"; dynalite, recorded
                    # against DynamoDB, sends ''). It gets an empty response
                    # struct, so that every operation has one, written as nothing.
                    output = op + "Output"
                    self.shapes[output] = {"type": "structure", "members": {}, "no_body": True}
                self.operations.append((op, spec["input"]["shape"], output))
        self.apply_overrides()
        self.reachable = self.closure()

    def apply_overrides(self):
        for target, (old, new) in OVERRIDES["member_shape"].items():
            owner, member = target.split(".")
            for name, shape in self.shapes.items():
                if owner not in ("*", name):
                    continue
                if member == "<key>" and shape["type"] == "map" and shape["key"]["shape"] == old:
                    shape["key"] = {"shape": new}
                for mname, m in shape.get("members", {}).items():
                    if mname == member and m["shape"] == old:
                        m["shape"] = new
        for name, (base, changes) in OVERRIDES["derived_shapes"].items():
            shape = json.loads(json.dumps(self.shapes[base]))
            shape["alias_of"] = self.shapes[base].get("alias_of", base)
            for key, value in changes.items():
                if key == "member":
                    shape["member"] = {"shape": value}
                elif key.startswith("members."):
                    shape["members"][key.split(".", 1)[1]]["shape"] = value
                elif value is None:
                    shape.pop(key, None)
                else:
                    shape[key] = value
            self.shapes[name] = shape
        for target, new in OVERRIDES["member_shape_of"].items():
            owner, member = target.split(".")
            if member == "<value>":
                self.shapes[owner]["value"]["shape"] = new
            else:
                self.shapes[owner]["members"][member]["shape"] = new
        for name, required in OVERRIDES["required"].items():
            self.shapes[name]["required"] = required
        for name, constraints in OVERRIDES["constraints"].items():
            self.shapes[name].update(constraints)

    def closure(self):
        seen = []
        def walk(name):
            if name in seen:
                return
            seen.append(name)
            if name == ATTRIBUTE_VALUE:
                return
            shape = self.shapes[name]
            for k in ("member", "key", "value"):
                if k in shape:
                    walk(shape[k]["shape"])
            for m in shape.get("members", {}).values():
                walk(m["shape"])
        for _, inp, out in self.operations:
            walk(inp)
            if out:
                walk(out)
        return seen

    def shape(self, name):
        return self.shapes[name]

    def is_item_map(self, name):
        s = self.shapes[name]
        return s["type"] == "map" and s["value"]["shape"] == ATTRIBUTE_VALUE

    def is_enum(self, name):
        s = self.shapes[name]
        return s["type"] == "string" and "enum" in s

    def inputs(self):
        return {inp for _, inp, _ in self.operations}

    def outputs(self):
        return {out for _, _, out in self.operations if out}

    def cpp_struct_name(self, name):
        for op, inp, out in self.operations:
            if name == inp:
                return op + "Request"
            if name == out:
                return op + "Response"
        return name

    def cpp_type(self, name, owner=None, member=None):
        """The C++ type of a value of shape `name` (member `member` of `owner`)."""
        if owner and member:
            special = OVERRIDES["output_member_type"].get(owner + "." + member)
            if special:
                return special
        s = self.shapes[name]
        if "alias_of" in s:
            return self.cpp_type(s["alias_of"])
        t = s["type"]
        if name == ATTRIBUTE_VALUE:
            return "AttributeValue"
        if self.is_item_map(name):
            return "Item"
        if t == "structure":
            return "api::" + self.cpp_struct_name(name)
        if t == "string":
            return "Enum<api::%s>" % name if "enum" in s else "std::string"
        if t == "boolean":
            return "bool"
        if t in ("integer", "long"):
            return "int64_t"
        if t in ("double", "float", "timestamp"):
            return "double"
        if t == "blob":
            return "std::string"
        if t == "list":
            return "std::vector<%s>" % self.cpp_type(s["member"]["shape"])
        if t == "map":
            value = self.cpp_type(s["value"]["shape"])
            if name in OVERRIDES["nullable_map_values"]:
                value = "std::optional<%s>" % value
            return "std::map<std::string, %s>" % value
        raise ValueError("unsupported shape type %s (%s)" % (t, name))

    def struct_order(self):
        """Structures in dependency order (members' structures first)."""
        order = []
        def deps(name, out):
            s = self.shapes[name]
            if name == ATTRIBUTE_VALUE:
                return
            if s["type"] == "structure":
                out.append(s.get("alias_of", name))  # a derived shape is its base's struct
                return
            for k in ("member", "value"):
                if k in s:
                    deps(s[k]["shape"], out)
        visiting = set()
        def visit(name):
            if name in order:
                return
            if name in visiting:
                raise ValueError("recursive structure %s" % name)
            visiting.add(name)
            for m in self.shapes[name]["members"].values():
                found = []
                deps(m["shape"], found)
                for d in found:
                    visit(d)
            visiting.discard(name)
            order.append(name)
        for name in self.reachable:
            shape = self.shapes[name]
            if name != ATTRIBUTE_VALUE and shape["type"] == "structure" and "alias_of" not in shape:
                visit(name)
        return order

    def check_members(self, name):
        members = list(self.shapes[name]["members"])
        first = [m for m in OVERRIDES["check_order"].get(name, []) if m in members]
        return first + [m for m in members if m not in first]


HEADER_NOTE = """// GENERATED by tools/codegen/generate_shapes.py from %s.
// DO NOT EDIT: change the generator (or its OVERRIDES) and run it again.
"""


def doc_of(shape, width=92):
    """The first sentence of a model documentation string, as a comment."""
    text = re.sub(r"<[^>]+>", "", shape.get("documentation", "")).strip()
    text = re.sub(r"\s+", " ", text)
    m = re.match(r"(.+?\.)(\s|$)", text)
    text = m.group(1) if m else text
    if not text:
        return []
    lines, line = [], ""
    for word in text.split(" "):
        if len(line) + len(word) + 1 > width:
            lines.append(line)
            line = word
        else:
            line = (line + " " + word).strip()
    lines.append(line)
    return ["// " + l for l in lines]


def write_public_header(model, path):
    out = [HEADER_NOTE % model.version]
    out.append("""#pragma once

// DynamoDB's request and response shapes as plain C++ structs, one per shape of
// the service model: every member optional (absent on the wire = nullopt), names
// in snake_case, enums as dynamini::Enum<E> (a known value, or from the wire any
// text, which the request's shape check reports). The operations' own shapes are
// also dynamini::<Operation>Request and dynamini::<Operation>Response.

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "dynamini/attribute_value.h"
#include "dynamini/enum.h"
#include "dynamini/stored_items.h"

namespace dynamini::api {
""")
    enums = [n for n in model.reachable
             if n != ATTRIBUTE_VALUE and model.is_enum(n) and "alias_of" not in model.shape(n)]
    for name in enums:
        values = model.shape(name)["enum"]
        out.append("enum class %s : uint8_t { %s };" % (
            name, ", ".join(enum_constant(v) for v in values)))
    out.append("")
    out.append("}  // namespace dynamini::api\n")
    out.append("namespace dynamini {")
    out.append("// The names of each enum's values, as the wire spells them.")
    for name in enums:
        values = model.shape(name)["enum"]
        out.append("template <>")
        out.append("struct EnumNames<api::%s> {" % name)
        out.append("  static constexpr std::string_view kValues[] = {%s};" % ", ".join(
            '"%s"' % v for v in values))
        out.append("};")
    out.append("}  // namespace dynamini\n")
    out.append("namespace dynamini::api {\n")
    for name in model.struct_order():
        shape = model.shape(name)
        out.extend(doc_of(shape))
        out.append("struct %s {" % model.cpp_struct_name(name))
        for mname, m in shape["members"].items():
            ctype = model.cpp_type(m["shape"], name, mname)
            out.append("  std::optional<%s> %s;  // %s" % (ctype, snake(mname), mname))
        out.append("};")
        out.append("")
    out.append("}  // namespace dynamini::api\n")
    out.append("namespace dynamini {")
    out.append("// The operations' shapes.")
    for op, inp, outp in model.operations:
        out.append("using %sRequest = api::%sRequest;" % (op, op))
        if outp:
            out.append("using %sResponse = api::%sResponse;" % (op, op))
    out.append("}  // namespace dynamini")
    write_file(path, out)


def write_wire_header(model, path):
    out = [HEADER_NOTE % model.version]
    out.append("""#pragma once

// Reading, checking and writing the operations' shapes on the wire
// (tools/codegen/generate_shapes.py generates these; api/wire_reader.h and
// api/shape_checks.h hold the hand-written pieces they use).

#include "api/shape_checks.h"
#include "api/wire_reader.h"
#include "dynamini/shapes.h"
#include "values/json.h"
#include "values/value_check.h"

namespace dynamini::api {

// Reads a request object: SerializationException (thrown) for a member of the
// wrong JSON type, in document order. AttributeValues are decoded as sent and
// checked by check_values after the shape, as DynamoDB reports them. Unknown
// members and JSON nulls are ignored.""")
    for op, inp, _ in model.operations:
        out.append("void read(const Json& json, %sRequest& out);" % op)
    out.append("""
// Adds the request's constraint violations (required members, lengths, ranges,
// patterns, enums; nested members with DynamoDB's paths) to `errors`.""")
    for op, inp, _ in model.operations:
        out.append("void check(const %sRequest& request, ShapeErrors& errors);" % op)
    out.append("""
// Checks and normalises every AttributeValue of a request, read from the wire
// or built in C++, with `checker` (values/value_check.h), in the order of the
// request's shape: numbers to canonical text; the first invalid value thrown.""")
    for op, inp, _ in model.operations:
        out.append("void check_values(%sRequest& request, const ValueChecker& checker);" % op)
    for name in OVERRIDES["exported_value_checks"]:
        out.append("void check_values(%s& value, const ValueChecker& checker);" % model.cpp_type(name))
    out.append("\n// Writes a response object, or a request (its wire form, as an SDK sends it).")
    for op, _, outp in model.operations:
        out.append("void write(JsonWriter& w, const %sRequest& request);" % op)
        if outp:
            out.append("void write(JsonWriter& w, const %sResponse& response);" % op)
    for name in OVERRIDES["exported_writers"]:
        out.append("void write(JsonWriter& w, const %s& value);" % model.cpp_type(name))
    out.append("\n}  // namespace dynamini::api")
    write_file(path, out)


# ---------------------------------------------------------------- reading

class ReadGen:
    def __init__(self, model):
        self.model = model
        self.funcs = {}  # name -> code lines

    def func_name(self, name):
        return "read_" + name

    def value_expr(self, shape_name, json, member_name, position):
        """C++ expression reading `json` as `shape_name`. position: 'member' or 'element'."""
        m = self.model
        s = m.shape(shape_name)
        t = s["type"]
        if shape_name == ATTRIBUTE_VALUE:
            return "read_attribute_value(%s)" % json
        if m.is_item_map(shape_name):
            return "read_item(%s)" % json
        if t == "string":
            if "enum" in s:
                return "Enum<%s>::from_wire(read_string(%s))" % (s.get("alias_of", shape_name), json)
            return "read_string(%s)" % json
        if t == "boolean":
            return "read_boolean(%s)" % json
        if t in ("integer", "long"):
            return 'read_integer(%s, "%s")' % (json, member_name)
        if t in ("double", "float", "timestamp"):
            return "read_double(%s)" % json
        if t == "blob":
            return "read_blob(%s)" % json
        self.ensure(shape_name)
        if t == "structure":
            words = "kElement" if (position == "element" and shape_name in
                                   OVERRIDES["collection_element_words"]) else "kMember"
            return '%s(expect_structure(%s, StructureWords::%s, "%s"))' % (
                self.func_name(shape_name), json, words, shape_name)
        if t == "list":
            return "%s(expect_list(%s))" % (self.func_name(shape_name), json)
        if t == "map":
            return "%s(expect_map(%s))" % (self.func_name(shape_name), json)
        raise ValueError(t)

    def ensure(self, name):
        if name in self.funcs:
            return
        self.funcs[name] = None  # placeholder against recursion
        m = self.model
        s = m.shape(name)
        ctype = m.cpp_type(name)
        fn = self.func_name(name)
        lines = []
        if s["type"] == "structure" and not s["members"]:
            lines.append("%s %s(const Json&) { return {}; }" % (ctype, fn))
        elif s["type"] == "structure":
            lines.append("%s %s(const Json& json) {" % (ctype, fn))
            lines.append("  %s out;" % ctype)
            lines.append("  for (auto it = json.MemberBegin(); it != json.MemberEnd(); ++it) {")
            lines.append("    const Json& v = it->value;")
            lines.append("    if (v.IsNull()) continue;")
            lines.append("    const std::string_view name = string_of(it->name);")
            first = True
            for mname, mem in s["members"].items():
                expr = self.value_expr(mem["shape"], "v", mname, "member")
                lines.append("    %sif (name == \"%s\") {" % ("" if first else "} else ", mname))
                lines.append("      out.%s = %s;" % (snake(mname), expr))
                first = False
            if not first:
                lines.append("    }")
            lines.append("  }")
            lines.append("  return out;")
            lines.append("}")
        elif s["type"] == "list":
            elem = s["member"]["shape"]
            lines.append("%s %s(const Json& json) {" % (ctype, fn))
            lines.append("  %s out;" % ctype)
            lines.append("  out.reserve(json.Size());")
            lines.append("  for (const Json& e : json.GetArray()) out.push_back(%s);" %
                         self.value_expr(elem, "e", "member", "element"))
            lines.append("  return out;")
            lines.append("}")
        elif s["type"] == "map":
            val = s["value"]["shape"]
            lines.append("%s %s(const Json& json) {" % (ctype, fn))
            lines.append("  %s out;" % ctype)
            lines.append("  for (auto it = json.MemberBegin(); it != json.MemberEnd(); ++it) {")
            lines.append("    const Json& e = it->value;")
            if name in OVERRIDES["nullable_map_values"]:
                lines.append("    if (e.IsNull()) {")
                lines.append("      out.insert_or_assign(std::string(string_of(it->name)), std::nullopt);")
                lines.append("      continue;")
                lines.append("    }")
            lines.append("    out.insert_or_assign(std::string(string_of(it->name)), %s);" %
                         self.value_expr(val, "e", "member", "element"))
            lines.append("  }")
            lines.append("  return out;")
            lines.append("}")
        self.funcs[name] = lines


def write_read(model, path):
    gen = ReadGen(model)
    for _, inp, _ in model.operations:
        gen.ensure(inp)
    out = [HEADER_NOTE % model.version, '#include "api/shapes_wire.h"', "",
           "namespace dynamini::api {", "namespace {", ""]
    # Declarations first: the functions call each other in any order.
    for name in gen.funcs:
        out.append("%s %s(const Json& json);" % (model.cpp_type(name), gen.func_name(name)))
    out.append("")
    for name, lines in gen.funcs.items():
        out.extend(lines)
        out.append("")
    out.append("}  // namespace\n")
    for op, inp, _ in model.operations:
        out.append("void read(const Json& json, %sRequest& out) {" % op)
        out.append("  out = %s(json);" % gen.func_name(inp))
        out.append("}")
    out.append("\n}  // namespace dynamini::api")
    write_file(path, out)


# ---------------------------------------------------------------- checking

class CheckGen:
    def __init__(self, model):
        self.model = model
        self.funcs = {}

    def has_checks(self, name, stack=()):
        m = self.model
        if name == ATTRIBUTE_VALUE or m.is_item_map(name) or name in stack:
            return False
        s = m.shape(name)
        t = s["type"]
        if t == "string":
            if s.get("unchecked"):
                return False
            return any(k in s for k in ("min", "max", "pattern", "enum"))
        if t in ("integer", "long"):
            return "min" in s or "max" in s
        if t == "structure":
            if s.get("required"):
                return True
            return any(self.has_checks(mm["shape"], stack + (name,)) for mm in s["members"].values())
        if t == "list":
            return "min" in s or "max" in s or self.has_checks(s["member"]["shape"], stack + (name,))
        if t == "map":
            return ("min" in s or "max" in s or self.has_checks(s["key"]["shape"], stack + (name,))
                    or self.has_checks(s["value"]["shape"], stack + (name,)))
        return False

    def rule_list(self, name):
        """A shape's constraints as the aggregated 'Map keys must satisfy constraint: [...]'
        lists them: upper bound, lower bound, pattern."""
        s = self.model.shape(name)
        rules = []
        if "max" in s:
            rules.append("Member must have length less than or equal to %d" % s["max"])
        if "min" in s:
            rules.append("Member must have length greater than or equal to %d" % s["min"])
        if "pattern" in s:
            rules.append("Member must satisfy regular expression pattern: %s" % s["pattern"])
        return rules

    def string_rule(self, name):
        s = self.model.shape(name)
        pattern = s.get("pattern")
        if pattern and pattern not in PATTERNS:
            raise ValueError("no predicate for pattern %r (%s)" % (pattern, name))
        return "StringRule{%s, %s, %s, %s}" % (
            s.get("min", 0), s.get("max", -1),
            PATTERNS[pattern] if pattern else "nullptr",
            cpp_string(pattern) if pattern else "nullptr")

    def value_check(self, shape_name, value, path, indent):
        """Statements checking `value` (an lvalue of the shape's C++ type)."""
        m = self.model
        s = m.shape(shape_name)
        t = s["type"]
        pad = " " * indent
        if t == "string" and "enum" in s and s.get("unchecked"):
            return []
        if t == "string" and "enum" in s:
            order = OVERRIDES["enum_message_order"].get(shape_name, s["enum"])
            return [pad + "check_enum(%s, %s, \"[%s]\", errors);" % (value, path, ", ".join(order))]
        if t == "string" and "name_rules" in s:
            return [pad + "check_name_or_arn(%s, %s, %s, %s, errors);" % (
                value, path, self.string_rule(shape_name), self.string_rule(s["name_rules"]))]
        if t == "string":
            return [pad + "check_string(%s, %s, %s, errors);" % (value, path, self.string_rule(shape_name))]
        if t in ("integer", "long"):
            return [pad + "check_number(%s, %s, NumberRule{%s, %s}, errors);" % (
                value, path, num(s.get("min")), num(s.get("max")))]
        self.ensure(shape_name)
        return [pad + "check_%s(%s, %s, errors);" % (shape_name, value, path)]

    def structure_checks(self, name, s):
        """One block per checked member, in check order, with OVERRIDES'
        reported_alone (return once the member failed) and first_failure_only (skip
        a group member once an earlier one failed)."""
        m = self.model
        required = set(s.get("required", []))
        alone = OVERRIDES["reported_alone"].get(name, [])
        group = OVERRIDES["first_failure_only"].get(name, [])
        order = m.check_members(name)
        if group:
            at = order.index(group[0])
            assert order[at:at + len(group)] == group, name + ": first_failure_only not consecutive"
        lines = []
        for mname in order:
            mem = s["members"][mname]
            checked = self.has_checks(mem["shape"])
            if mname not in required and not checked:
                continue
            field = "value." + snake(mname)
            if group and mname == group[0]:
                lines.append("  const size_t before_first_failure_group = errors.size();")
            guarded = mname in group[1:]
            lines.append("  if (errors.size() == before_first_failure_group) {" if guarded else "  {")
            if mname in alone:
                lines.append("    const size_t before = errors.size();")
            newer = OVERRIDES["newer_words_members"].get("%s.%s" % (name, mname))
            lines.append('    const Path p = path.member("%s");' % (newer or lower_first(mname)))
            if mname in required:
                lines.append("    if (!%s) errors.require(false, p.text());" % field)
            if checked:
                lines.append("    if (%s) {" % field)
                check = self.value_check(mem["shape"], "*" + field, "p", 6)
                if newer:
                    check = [c.replace(", errors);", ", errors, Rendering::kMemberNamedOnly);")
                             for c in check]
                lines.extend(check)
                lines.append("    }")
            if mname in alone:
                lines.append("    if (errors.size() != before) return;  // reported alone")
            lines.append("  }")
        return lines

    def ensure(self, name):
        if name in self.funcs:
            return
        self.funcs[name] = None
        m = self.model
        s = m.shape(name)
        ctype = m.cpp_type(name)
        lines = ["void check_%s(const %s& value, const Path& path, ShapeErrors& errors) {" % (name, ctype)]
        if s["type"] == "structure":
            lines.extend(self.structure_checks(name, s))
        elif s["type"] == "list":
            elem = s["member"]["shape"]
            renderer = OVERRIDES["list_renderers"].get(name)
            if renderer and ("min" in s or "max" in s):
                lines.append("  check_list_length(value.size(), %s(value), path, LengthRule{%s, %s}, "
                             "errors);" % (renderer, s.get("min", 0), s.get("max", -1)))
            elif "min" in s or "max" in s:
                # A list of items too long is reported without its value ("Value at
                # 'requestItems.t.member.keys'": dynalite test/batchGetItem.js).
                rendering = "kUnrendered" if m.is_item_map(elem) else "kAbbreviated"
                lines.append("  check_list_length(value.size(), path, LengthRule{%s, %s}, "
                             "ListRendering::%s, errors);" % (s.get("min", 0), s.get("max", -1), rendering))
            if self.has_checks(elem):
                lines.append("  for (size_t i = 0; i < value.size(); ++i) {")
                lines.append("    const Path p = path.element(i + 1);")
                lines.extend(self.value_check(elem, "value[i]", "p", 4))
                lines.append("  }")
        elif s["type"] == "map":
            key, val = s["key"]["shape"], s["value"]["shape"]
            if "min" in s or "max" in s:
                lines.append("  check_map_length(value, path, LengthRule{%s, %s}, errors);" % (
                    s.get("min", 0), s.get("max", -1)))
            # Attribute names as map keys are checked by meaning, with DynamoDB Local's
            # "Attribute name is too large, must be less than 65536 bytes".
            checked_key = m.shape(key)["type"] == "string" and key != "AttributeName"
            key_rules = self.rule_list(key) if checked_key else []
            name_rules = m.shape(key).get("name_rules")
            if key_rules and name_rules:
                lines.append("  check_map_keys_name_or_arn(value, path, %s, %s, %s, %s, errors);" % (
                    self.string_rule(key), cpp_string("Map keys must satisfy constraint: [%s]" %
                                                      ", ".join(key_rules)),
                    self.string_rule(name_rules), cpp_string("Map keys must satisfy constraint: [%s]" %
                                                             ", ".join(self.rule_list(name_rules)))))
            elif key_rules:
                lines.append("  check_map_keys(value, path, %s, %s, errors);" % (
                    self.string_rule(key), cpp_string("Map keys must satisfy constraint: [%s]" %
                                                      ", ".join(key_rules))))
            vs = m.shape(val)
            if vs["type"] == "list" and ("min" in vs or "max" in vs):
                lines.append("  check_map_value_lengths(value, path, LengthRule{%s, %s}, %s, errors);" % (
                    vs.get("min", 0), vs.get("max", -1),
                    cpp_string("Map value must satisfy constraint: [%s]" % ", ".join(self.rule_list(val)))))
            inner = self.inner_checks(val, name in OVERRIDES["nullable_map_values"])
            if inner:
                lines.append("  for (const auto& [key, element] : value) {")
                lines.append("    const Path p = path.map_value(key);")
                lines.extend(inner)
                lines.append("  }")
        if len(lines) == 1:
            lines.append("  (void)value, (void)path, (void)errors;")
        lines.append("}")
        self.funcs[name] = lines

    def inner_checks(self, val, nullable=False):
        """Checks of a map's values beyond the aggregated length message."""
        m = self.model
        vs = m.shape(val)
        if nullable:
            inner = self.inner_checks(val)
            if not inner:
                return []
            return (["    if (!element) continue;", "    const auto& present = *element;"] +
                    [l.replace("(element,", "(present,") for l in inner])
        if vs["type"] == "list":
            elem = vs["member"]["shape"]
            if not self.has_checks(elem):
                return []
            lines = ["    for (size_t i = 0; i < element.size(); ++i) {",
                     "      const Path q = p.element(i + 1);"]
            lines.extend(self.value_check(elem, "element[i]", "q", 6))
            lines.append("    }")
            return lines
        if not self.has_checks(val):
            return []
        return self.value_check(val, "element", "p", 4)


def num(v):
    return "std::nullopt" if v is None else "int64_t{%d}" % v


def cpp_string(s):
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def write_check(model, path):
    gen = CheckGen(model)
    for _, inp, _ in model.operations:
        gen.ensure(inp)
    out = [HEADER_NOTE % model.version, '#include "api/shapes_wire.h"', "",
           "namespace dynamini::api {", "namespace {", ""]
    for name in gen.funcs:
        out.append("void check_%s(const %s& value, const Path& path, ShapeErrors& errors);" % (
            name, model.cpp_type(name)))
    out.append("")
    for name, lines in gen.funcs.items():
        out.extend(lines)
        out.append("")
    out.append("}  // namespace\n")
    for op, inp, _ in model.operations:
        out.append("void check(const %sRequest& request, ShapeErrors& errors) {" % op)
        out.append("  check_%s(request, Path::root(), errors);" % inp)
        out.append("}")
    out.append("\n}  // namespace dynamini::api")
    write_file(path, out)


# ---------------------------------------------------------------- typed callers' values

class ValuesGen:
    """check_values: visits every AttributeValue a request holds, with a ValueChecker."""
    def __init__(self, model):
        self.model = model
        self.funcs = {}

    def holds_values(self, name, stack=()):
        m = self.model
        if name == ATTRIBUTE_VALUE or m.is_item_map(name):
            return True
        if name in stack:
            return False
        s = m.shape(name)
        if s["type"] == "structure":
            return any(self.holds_values(x["shape"], stack + (name,)) for x in s["members"].values())
        if s["type"] == "list":
            return self.holds_values(s["member"]["shape"], stack + (name,))
        if s["type"] == "map":
            return self.holds_values(s["value"]["shape"], stack + (name,))
        return False

    def stmt(self, shape_name, value, indent):
        m = self.model
        pad = " " * indent
        if shape_name == ATTRIBUTE_VALUE:
            return [pad + "checker.value(%s);" % value]
        if m.is_item_map(shape_name):
            method = OVERRIDES["item_map_functions"].get(shape_name, "item")
            return [pad + "checker.%s(%s);" % (method, value)]
        self.ensure(shape_name)
        return [pad + "check_values_%s(%s, checker);" % (shape_name, value)]

    def ensure(self, name):
        if name in self.funcs:
            return
        self.funcs[name] = None
        m = self.model
        s = m.shape(name)
        lines = ["void check_values_%s(%s& value, const ValueChecker& checker) {" % (
            name, m.cpp_type(name))]
        if s["type"] == "structure":
            for mname, mem in s["members"].items():
                if "%s.%s" % (name, mname) in OVERRIDES["values_checked_by_operation"]:
                    continue
                if self.holds_values(mem["shape"]):
                    f = "value." + snake(mname)
                    lines.append("  if (%s) {" % f)
                    lines.extend(self.stmt(mem["shape"], "*" + f, 4))
                    lines.append("  }")
        elif s["type"] == "list":
            lines.append("  for (auto& element : value) {")
            lines.extend(self.stmt(s["member"]["shape"], "element", 4))
            lines.append("  }")
        elif s["type"] == "map":
            lines.append("  for (auto& [key, element] : value) {")
            if name in OVERRIDES["nullable_map_values"]:
                lines.append("    if (!element) continue;")
                lines.extend(self.stmt(s["value"]["shape"], "*element", 4))
            else:
                lines.extend(self.stmt(s["value"]["shape"], "element", 4))
            lines.append("  }")
        if len(lines) == 1:
            lines.append("  (void)value;")
            lines.append("  (void)checker;")
        lines.append("}")
        self.funcs[name] = lines


def write_values(model, path):
    gen = ValuesGen(model)
    for _, inp, _ in model.operations:
        gen.ensure(inp)
    for name in OVERRIDES["exported_value_checks"]:
        gen.ensure(name)
    out = [HEADER_NOTE % model.version, '#include "api/shapes_wire.h"', "",
           "namespace dynamini::api {", "namespace {", ""]
    for name in gen.funcs:
        out.append("void check_values_%s(%s& value, const ValueChecker& checker);" % (
            name, model.cpp_type(name)))
    out.append("")
    for name, lines in gen.funcs.items():
        out.extend(lines)
        out.append("")
    out.append("}  // namespace\n")
    for op, inp, _ in model.operations:
        out.append("void check_values(%sRequest& request, const ValueChecker& checker) {" % op)
        out.append("  check_values_%s(request, checker);" % inp)
        out.append("}")
    for name in OVERRIDES["exported_value_checks"]:
        out.append("void check_values(%s& value, const ValueChecker& checker) {" % model.cpp_type(name))
        out.append("  check_values_%s(value, checker);" % name)
        out.append("}")
    out.append("\n}  // namespace dynamini::api")
    write_file(path, out)


# ---------------------------------------------------------------- writing

class WriteGen:
    def __init__(self, model):
        self.model = model
        self.funcs = {}

    def stmt(self, shape_name, value, indent, owner=None, member=None):
        m = self.model
        pad = " " * indent
        special = OVERRIDES["output_member_type"].get("%s.%s" % (owner, member)) if owner else None
        if special:
            return [pad + "write_stored(w, %s);" % value]
        s = m.shape(shape_name)
        t = s["type"]
        if shape_name == ATTRIBUTE_VALUE:
            return [pad + "write_attribute_value(w, %s);" % value]
        if m.is_item_map(shape_name):
            return [pad + "write_item(w, %s);" % value]
        if t == "string":
            if "enum" in s:
                return [pad + "write_string(w, (%s).text());" % value]
            return [pad + "write_string(w, %s);" % value]
        if t == "boolean":
            return [pad + "w.Bool(%s);" % value]
        if t in ("integer", "long"):
            return [pad + "w.Int64(%s);" % value]
        if t in ("double", "float", "timestamp"):
            return [pad + "w.Double(%s);" % value]
        if t == "blob":
            return [pad + "write_string(w, base64_encode(%s));" % value]
        self.ensure(shape_name)
        return [pad + "write_%s(w, %s);" % (shape_name, value)]

    def ensure(self, name):
        if name in self.funcs:
            return
        self.funcs[name] = None
        m = self.model
        s = m.shape(name)
        lines = ["void write_%s(JsonWriter& w, const %s& value) {" % (name, m.cpp_type(name))]
        if s.get("no_body"):
            lines[0] = lines[0].replace("JsonWriter& w", "JsonWriter&").replace(" value)", ")")
            lines.append("  // No output shape: the answer is an empty body.")
        elif s["type"] == "structure" and not s["members"]:
            lines[0] = lines[0].replace(" value)", ")")
            lines.append("  w.StartObject();")
            lines.append("  w.EndObject();")
        elif s["type"] == "structure":
            lines.append("  w.StartObject();")
            for mname, mem in s["members"].items():
                f = "value." + snake(mname)
                lines.append("  if (%s) {" % f)
                lines.append('    w.Key("%s");' % mname)
                lines.extend(self.stmt(mem["shape"], "*" + f, 4, name, mname))
                lines.append("  }")
            lines.append("  w.EndObject();")
        elif s["type"] == "list":
            lines.append("  w.StartArray();")
            lines.append("  for (const auto& element : value) {")
            lines.extend(self.stmt(s["member"]["shape"], "element", 4))
            lines.append("  }")
            lines.append("  w.EndArray();")
        elif s["type"] == "map":
            lines.append("  w.StartObject();")
            lines.append("  for (const auto& [key, element] : value) {")
            lines.append("    write_key(w, key);")
            if name in OVERRIDES["nullable_map_values"]:
                lines.append("    if (!element) {")
                lines.append("      w.Null();")
                lines.append("      continue;")
                lines.append("    }")
                lines.extend(self.stmt(s["value"]["shape"], "*element", 4))
            else:
                lines.extend(self.stmt(s["value"]["shape"], "element", 4))
            lines.append("  }")
            lines.append("  w.EndObject();")
        lines.append("}")
        self.funcs[name] = lines


def write_write(model, path):
    gen = WriteGen(model)
    for _, inp, outp in model.operations:
        gen.ensure(inp)
        if outp:
            gen.ensure(outp)
    for name in OVERRIDES["exported_writers"]:
        gen.ensure(name)
    out = [HEADER_NOTE % model.version, '#include "api/shapes_wire.h"',
           '#include "api/stored_items_json.h"', '#include "values/attribute_value.h"',
           '#include "values/base64.h"', "",
           "namespace dynamini::api {", "namespace {", ""]
    for name in gen.funcs:
        out.append("void write_%s(JsonWriter& w, const %s& value);" % (name, model.cpp_type(name)))
    out.append("")
    for name, lines in gen.funcs.items():
        out.extend(lines)
        out.append("")
    out.append("}  // namespace\n")
    for op, inp, outp in model.operations:
        out.append("void write(JsonWriter& w, const %sRequest& request) { write_%s(w, request); }"
                   % (op, inp))
        if outp:
            out.append("void write(JsonWriter& w, const %sResponse& response) { write_%s(w, response); }"
                       % (op, outp))
    for name in OVERRIDES["exported_writers"]:
        out.append("void write(JsonWriter& w, const %s& value) { write_%s(w, value); }"
                   % (model.cpp_type(name), name))
    out.append("\n}  // namespace dynamini::api")
    write_file(path, out)


def write_operation_list(model, path):
    out = [HEADER_NOTE % model.version]
    out.append("""#pragma once

// Every operation dynamini serves, once: DYNAMINI_OPERATIONS(X) calls
// X(Name, method) for each, where Name is the operation's name on the wire
// (X-Amz-Target "DynamoDB_20120810.<Name>") and method the typed
// dynamini::Database method that runs it (Outcome<NameResponse>
// method(NameRequest)). The list comes from OPERATIONS in the generator.

// clang-format off
#define DYNAMINI_OPERATIONS(X) \\""")
    for op, _, _ in model.operations:
        out.append("  X(%s, %s) \\" % (op, snake(op)))
    out[-1] = out[-1].rstrip(" \\")
    out.append("// clang-format on")
    write_file(path, out)


STEP_DECLARATIONS = {
    "before_read": "  static void check_before_read(const Json& body);",
    "before_shape": "  static void check_before_shape(const Request& request);",
    "before_values": "  static void check_before_values(const Request& request);",
    "envelope": "  static constexpr bool kEnvelopesRequestChecks = true;",
    "older_values": "  static constexpr ValueLayer kValueLayer = ValueLayer::kOlder;",
    "own_values": "  static void check_values(Request& request);",
}


def write_operation_declarations(model, path):
    out = [HEADER_NOTE % model.version]
    out.append("""#pragma once

// One struct per operation, declared from the generator's OPERATIONS list (its
// entry names the optional steps the operation's file defines besides run();
// typed_operation.h says what each is for). Each operation's file under
// engine/ops/<feature>/ defines them; engine/database.cc turns the list into
// the registry of Database::execute and the typed Database methods.

#include "context/context.h"
#include "dynamini/options.h"
#include "dynamini/shapes.h"
#include "values/json.h"
#include "values/value_check.h"

namespace dynamini {
""")
    for op, _, _ in model.operations:
        out.append("struct %sOperation {" % op)
        out.append("  using Request = %sRequest;" % op)
        out.append("  using Response = %sResponse;" % op)
        for step in ("envelope", "older_values", "before_read", "before_shape", "before_values",
                     "own_values"):
            if step in model.steps[op]:
                out.append(STEP_DECLARATIONS[step])
        out.append("  static Response run(Context& context, const Request& request,")
        out.append("                      const ExecuteOptions& options);")
        out.append("};")
    out.append("\n}  // namespace dynamini")
    write_file(path, out)


# With --check, write_file compares instead of writing; the paths that differ.
CHECK = {"on": False, "differs": []}


def write_file(path, lines):
    text = "\n".join(lines).rstrip("\n") + "\n"
    if CHECK["on"]:
        try:
            with open(path) as f:
                same = f.read() == text
        except OSError:
            same = False
        if not same:
            CHECK["differs"].append(os.path.relpath(path, ROOT))
        return
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(text)
    print("wrote", os.path.relpath(path, ROOT))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--model", default=MODEL_DIR,
                        help="botocore data directory (default: the checked-in copy, %s)"
                        % os.path.relpath(MODEL_DIR, ROOT))
    parser.add_argument("--check", action="store_true",
                        help="write nothing; exit 1 when a checked-in file differs")
    args = parser.parse_args()
    CHECK["on"] = args.check
    model = Model(args.model)
    public = os.path.join(ROOT, "engine", "include", "dynamini")
    write_public_header(model, os.path.join(public, "shapes.h"))
    write_operation_list(model, os.path.join(public, "operation_list.h"))
    write_operation_declarations(model, os.path.join(
        ROOT, "engine", "ops", "operation", "include", "operation", "operations.h"))
    write_wire_header(model, os.path.join(OUT_DIR, "include", "api", "shapes_wire.h"))
    write_read(model, os.path.join(OUT_DIR, "shapes_read.cc"))
    write_check(model, os.path.join(OUT_DIR, "shapes_check.cc"))
    write_values(model, os.path.join(OUT_DIR, "shapes_values.cc"))
    write_write(model, os.path.join(OUT_DIR, "shapes_write.cc"))
    if CHECK["differs"]:
        print("generate_shapes --check: these files differ from a fresh generation "
              "(run python3 tools/codegen/generate_shapes.py):\n  " +
              "\n  ".join(CHECK["differs"]), file=sys.stderr)
        return 1
    if args.check:
        print("generate_shapes --check: the generated files are up to date")
    return 0


if __name__ == "__main__":
    sys.exit(main())
