-- Neovim (0.7 or later) with `lanrick lsp`, for tests/lsp/screenshot.sh: diagnostics as
-- virtual text, then the hover on the line the LANRICK_HOVER_LINE variable names.
vim.o.swapfile = false
vim.o.shadafile = "NONE"
vim.o.number = true
vim.o.signcolumn = "yes"
vim.cmd("syntax off")
vim.cmd("colorscheme default")
vim.cmd("autocmd BufRead,BufNewFile *.lanrick set filetype=lanrick")
local bin = os.getenv("LANRICK_BIN") or "lanrick"
local hover_line = tonumber(os.getenv("LANRICK_HOVER_LINE") or "1")
vim.api.nvim_create_autocmd("FileType", {
  pattern = "lanrick",
  callback = function(args)
    local id = vim.lsp.start_client({ name = "lanrick", cmd = { bin, "lsp" }, root_dir = vim.fn.getcwd() })
    vim.lsp.buf_attach_client(args.buf, id)
    vim.defer_fn(function()
      vim.api.nvim_win_set_cursor(0, { hover_line, 1 })
      vim.lsp.buf.hover()
    end, 1500)
  end,
})
