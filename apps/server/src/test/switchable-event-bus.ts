import { createLocalEventBus, type EventBus } from '../events/event-bus.ts';

/** A local event bus whose connection a test controls: deaf while not listening; `resync` as when Redis is back. */
export function createSwitchableEventBus() {
  let listening = true;
  let resyncHandler = () => {};
  const bus: EventBus = {
    ...createLocalEventBus(),
    isListening: () => listening,
    onResync: (handler) => {
      resyncHandler = handler;
      return () => {};
    },
  };
  return {
    bus,
    setListening(value: boolean) {
      listening = value;
    },
    resync: () => resyncHandler(),
  };
}
