// Prices per million calls (model/pricing.h) from the built-in price table.

#include "model/pricing.h"

#include <doctest/doctest.h>

#include "model/model_file.h"

namespace dynamini::model {

TEST_CASE("pricing: the built-in table is on-demand us-east-1, named with the date it was read") {
  const PriceTable& p = price_table();
  CHECK(p.region == "us-east-1");
  CHECK(p.currency == "USD");
  CHECK(p.read_on == "2026-12-02");
  CHECK(p.name == "dynamodb-on-demand-us-east-1-" + p.read_on);
  CHECK(p.read_per_million == 0.125);
  CHECK(p.write_per_million == 0.625);
  CHECK(&price_table(p.name) == &p);
  CHECK_THROWS_AS(price_table("nope"), ModelFileError);
}

TEST_CASE("pricing: a call's units times the rates, per million calls") {
  const PriceTable& p = price_table();
  CHECK(price_per_million(p, 0.5, 0) ==
        doctest::Approx(0.0625));                             // an eventually consistent GetItem
  CHECK(price_per_million(p, 0, 4) == doctest::Approx(2.5));  // a transaction of two 1 KB updates
  CHECK(price_per_million(p, 1, 2) == doctest::Approx(1.375));
}

}  // namespace dynamini::model
