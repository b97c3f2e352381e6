-- Drives `htl lsp` from Neovim's built-in LSP client (Neovim 0.7+), headless:
-- opens the log of a ledger, types a line with an unknown unit, waits for the
-- diagnostic, asks for a completion after "+run", and writes what arrived.
-- Environment: HTL (the binary), LEDGER (the ledger folder), OUT (result file).
local function run()
  local htl, root, out = os.getenv('HTL'), os.getenv('LEDGER'), os.getenv('OUT')
  local lines = {}
  local client_id = vim.lsp.start_client({
    name = 'htl',
    cmd = { htl, 'lsp', '--today', '2026-11-22' },
    root_dir = root,
  })
  vim.cmd('edit ' .. root .. '/log/2026.log')
  local buf = vim.api.nvim_get_current_buf()
  vim.lsp.buf_attach_client(buf, client_id)
  vim.wait(10000, function()
    local client = vim.lsp.get_client_by_id(client_id)
    return client ~= nil and client.initialized
  end, 20)
  local n = vim.api.nvim_buf_line_count(buf)
  vim.api.nvim_buf_set_lines(buf, n, n, false, { '2026-11-22 Tempo run 6kms +run-100km' })
  vim.wait(10000, function() return #vim.diagnostic.get(buf) > 0 end, 20)
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    table.insert(lines, string.format('diagnostic %d:%d %s: %s', d.lnum, d.col, d.source or '', d.message))
  end
  vim.api.nvim_buf_set_lines(buf, n + 1, n + 1, false, { '2026-11-22 Easy run +run' })
  local params = { textDocument = { uri = vim.uri_from_bufnr(buf) }, position = { line = n + 1, character = 24 } }
  local answers = vim.lsp.buf_request_sync(buf, 'textDocument/completion', params, 10000) or {}
  for _, answer in pairs(answers) do
    local items = answer.result and (answer.result.items or answer.result) or {}
    for _, item in ipairs(items) do
      table.insert(lines, 'completion ' .. item.label .. ' (' .. (item.detail or '') .. ')')
    end
  end
  local f = io.open(out, 'w')
  f:write(table.concat(lines, '\n') .. '\n')
  f:close()
  vim.lsp.stop_client(client_id)
end

local ok, err = pcall(run)
if not ok then
  local f = io.open(os.getenv('OUT'), 'w')
  f:write('error ' .. tostring(err) .. '\n')
  f:close()
end
vim.cmd('qa!')
