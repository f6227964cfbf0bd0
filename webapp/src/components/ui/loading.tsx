/** Placeholder while a screen's code or data loads. */
export function Loading() {
  return (
    <div className="loading" role="status">
      불러오는 중…
    </div>
  );
}
