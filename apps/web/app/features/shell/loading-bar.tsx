import { useEffect, useState } from 'react';
import { useNavigation } from 'react-router';

const throttleMs = 200;

/** A thin bar at the top while a page loads: shown after 200 ms, filling over 5 s (app.scss). */
export function LoadingBar() {
  const navigation = useNavigation();
  const busy = navigation.state === 'loading';
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    if (!busy) {
      setVisible(false);
      return;
    }
    const timer = setTimeout(() => setVisible(true), throttleMs);
    return () => clearTimeout(timer);
  }, [busy]);

  return (
    <div
      className={`loading-bar${visible ? ' loading-bar-active' : ''}`}
      role="progressbar"
      aria-hidden={!visible}
      data-testid="loading-bar"
    />
  );
}
