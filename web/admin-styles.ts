/** The dashboard's own styles (uPlot's come from its package), injected once by the script. */
export const ADMIN_STYLES = `
body { margin: 0; font: 14px/1.5 system-ui, -apple-system, sans-serif; background: #f8fafc; color: #0f172a; }
.ds-admin { max-width: 1180px; margin: 0 auto; padding: 24px; }
.ds-admin h1 { font-size: 22px; margin: 0 0 16px; }
.ds-admin h2 { font-size: 16px; margin: 0; }
.ds-admin form { display: flex; flex-wrap: wrap; gap: 8px; align-items: end; background: #fff; border: 1px solid #e2e8f0; border-radius: 12px; padding: 12px; }
.ds-admin label { display: flex; flex-direction: column; font-size: 12px; color: #475569; gap: 2px; }
.ds-admin input, .ds-admin select { font: inherit; padding: 6px 8px; border: 1px solid #cbd5e1; border-radius: 8px; background: #fff; color: inherit; }
.ds-admin input[name="key"] { min-width: 260px; }
.ds-admin button { font: inherit; padding: 6px 12px; border: 0; border-radius: 8px; background: #0f172a; color: #fff; cursor: pointer; }
.ds-admin button.ds-export { background: #e2e8f0; color: #0f172a; padding: 2px 10px; font-size: 12px; }
.ds-admin .ds-status { margin: 12px 0; color: #475569; min-height: 21px; }
.ds-admin .ds-status[data-kind="error"] { color: #b91c1c; }
.ds-admin .ds-cards { display: grid; grid-template-columns: repeat(auto-fit, minmax(150px, 1fr)); gap: 12px; margin: 16px 0; }
.ds-admin .ds-card { background: #fff; border: 1px solid #e2e8f0; border-radius: 12px; padding: 12px; }
.ds-admin .ds-card strong { display: block; font-size: 22px; }
.ds-admin .ds-card span { color: #475569; font-size: 12px; }
.ds-admin .ds-charts { display: grid; grid-template-columns: repeat(auto-fit, minmax(480px, 1fr)); gap: 12px; }
.ds-admin .ds-panel { background: #fff; border: 1px solid #e2e8f0; border-radius: 12px; padding: 12px; margin-top: 12px; overflow: hidden; }
.ds-admin .ds-panel header { display: flex; gap: 8px; align-items: center; margin-bottom: 8px; }
.ds-admin .ds-panel header h2 { flex: 1; }
.ds-admin .ds-panel p { color: #475569; margin: 0; }
.ds-admin .ds-scroll { max-height: 460px; overflow: auto; }
.ds-admin table { border-collapse: collapse; width: 100%; font-size: 13px; }
.ds-admin th, .ds-admin td { text-align: left; padding: 6px 8px; border-bottom: 1px solid #f1f5f9; vertical-align: top; }
.ds-admin th { position: sticky; top: 0; background: #f8fafc; font-weight: 600; color: #334155; }
.ds-admin td.ds-number, .ds-admin th.ds-number { text-align: right; font-variant-numeric: tabular-nums; }
.ds-admin .u-title { font-size: 14px; font-weight: 600; }
`;
