// The browser build's exports and imports (engine/CMakeLists.txt builds this
// folder instead of ops/transfer there): ExportTableToPointInTime writes
// gzip files and MD5 checksums into a directory standing for an S3 bucket,
// and ImportTable reads them; a browser tab has no such directory (nor zlib
// or OpenSSL in WebAssembly). Each of the six operations answers, after the
// request's shape was checked as natively, a ValidationException saying so.

#include "dynamini/api_error.h"
#include "operation/operations.h"

namespace dynamini {
namespace {

[[noreturn]] void refuse_transfer(const char* operation) {
  // The native build has exports and imports: no catalogue case can send this.
  // catalogue-exempt: tests/wasm/node/package.test.mjs
  throw validation_error(std::string(operation) +
                         " is not available in dynamini's WebAssembly build: exports and imports "
                         "write and read files in a directory standing for an S3 bucket. Use the "
                         "native dynamini for them.");
}

}  // namespace

ExportTableToPointInTimeResponse ExportTableToPointInTimeOperation::run(
    Context&, const ExportTableToPointInTimeRequest&, const ExecuteOptions&) {
  refuse_transfer("ExportTableToPointInTime");
}
DescribeExportResponse DescribeExportOperation::run(Context&, const DescribeExportRequest&,
                                                    const ExecuteOptions&) {
  refuse_transfer("DescribeExport");
}
ListExportsResponse ListExportsOperation::run(Context&, const ListExportsRequest&,
                                              const ExecuteOptions&) {
  refuse_transfer("ListExports");
}
ImportTableResponse ImportTableOperation::run(Context&, const ImportTableRequest&,
                                              const ExecuteOptions&) {
  refuse_transfer("ImportTable");
}
DescribeImportResponse DescribeImportOperation::run(Context&, const DescribeImportRequest&,
                                                    const ExecuteOptions&) {
  refuse_transfer("DescribeImport");
}
ListImportsResponse ListImportsOperation::run(Context&, const ListImportsRequest&,
                                              const ExecuteOptions&) {
  refuse_transfer("ListImports");
}

}  // namespace dynamini
