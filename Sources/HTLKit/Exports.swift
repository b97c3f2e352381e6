// The library's layers under one name, for the command line, the servers
// and the tests. Library code never imports HTLKit: each layer imports the
// layers below it (Package.swift, docs/ARCHITECTURE.md).
@_exported import HTLCheck
@_exported import HTLCore
@_exported import HTLEdit
@_exported import HTLExchange
@_exported import HTLFormat
@_exported import HTLJSON
@_exported import HTLLanguageServer
@_exported import HTLLoad
@_exported import HTLModel
@_exported import HTLParse
@_exported import HTLProgress
@_exported import HTLRender
@_exported import HTLSystem
