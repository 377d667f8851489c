"""Reads a whole DynamoDB stream as a consumer must: every shard of
DescribeStream (paged with ExclusiveStartShardId), parents before children
(ParentShardId lineage; a parent no longer listed counts as absent), each
shard from TRIM_HORIZON until its NextShardIterator is absent (a closed shard
read to its end) or, for a shard still open, until a page comes back empty
(caught up). Used by the stream tests that must see every record."""


def shards_in_lineage_order(streams, arn):
    shards, start = [], None
    while True:
        kwargs = {"StreamArn": arn}
        if start:
            kwargs["ExclusiveStartShardId"] = start
        desc = streams.describe_stream(**kwargs)["StreamDescription"]
        shards += desc["Shards"]
        start = desc.get("LastEvaluatedShardId")
        if not start:
            break
    by_id = {s["ShardId"]: s for s in shards}
    ordered, placed = [], set()

    def place(shard):
        if shard["ShardId"] in placed:
            return
        parent = by_id.get(shard.get("ParentShardId"))
        if parent is not None:
            place(parent)
        placed.add(shard["ShardId"])
        ordered.append(shard)

    for shard in shards:
        place(shard)
    return ordered


def read_shard(streams, arn, shard):
    closed = "EndingSequenceNumber" in shard.get("SequenceNumberRange", {})
    iterator = streams.get_shard_iterator(StreamArn=arn, ShardId=shard["ShardId"],
                                          ShardIteratorType="TRIM_HORIZON")["ShardIterator"]
    records, empty_pages = [], 0
    while iterator:
        page = streams.get_records(ShardIterator=iterator, Limit=1000)
        records += page["Records"]
        iterator = page.get("NextShardIterator")
        empty_pages = 0 if page["Records"] else empty_pages + 1
        if empty_pages and not closed:
            break
        if empty_pages > 100:
            raise AssertionError("closed shard %s never ends" % shard["ShardId"])
    return records


def read_all_records(streams, arn):
    """[(shard id, record)] for the whole stream, in lineage then stream order."""
    out = []
    for shard in shards_in_lineage_order(streams, arn):
        out += [(shard["ShardId"], r) for r in read_shard(streams, arn, shard)]
    return out
